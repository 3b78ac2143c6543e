// With the Serve trait only: the server and its packages are in this tool then (Package.swift).
#if Serve
    import RTMWire
    import RTMWireNIO
    import RTMWireServer

    /// `rtmwire bench-relay --database URL --nodes N,…`: the durable server's load against N
    /// server nodes in this process, each with a connection pool and fan-out of its own on one
    /// PostgreSQL database (as N `rtmwire serve --database` processes would be), client i on
    /// node i mod N: most deliveries cross nodes.
    @available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
    struct ClusterServerBench {
        /// What one run measured.
        struct Figures {
            var load: RelayLoad.Figures
            /// Transactions the nodes committed over the whole run (burst and paced phases).
            var commits: Int
        }

        var url: String
        var nodes: Int

        /// Runs `load` against the nodes (filling in its tokens and a channel of its own) and
        /// returns its figures.
        func run(_ load: inout RelayLoad) async throws -> Figures {
            let authentication = try DurableServerBench.signIn(&load)
            load.room = Conversation(
                type: .channel, id: "bench-\(nodes)-\(UInt32.random(in: 0...UInt32.max))")
            var opened: [(PostgresStorage, PostgresFanOut?)] = []
            func close() async {
                for (storage, fanOut) in opened {
                    await fanOut?.close()
                    await storage.close()
                }
            }
            do {
                for index in 0..<nodes {
                    let storage = try await PostgresStorage.open(url: url)
                    opened.append((storage, nil))
                    opened[index].1 = try await PostgresFanOut.start(
                        on: storage, node: "bench-\(index)-\(PostgresFanOut.randomNode())")
                }
                let relays = opened.map { storage, fanOut in
                    EnvelopeRelay(
                        configuration: RelayConfiguration(maxQueuedEnvelopes: 1 << 20),
                        router: ChatServer(
                            configuration: ServerConfiguration(authentication: authentication),
                            storage: storage, fanOut: fanOut!))
                }
                let committedBefore = opened.reduce(0) { $0 + $1.0.committedTransactions }
                let figures = try await load.run(relays)
                let commits =
                    opened.reduce(0) { $0 + $1.0.committedTransactions } - committedBefore
                await close()
                return Figures(load: figures, commits: commits)
            } catch {
                await close()
                throw error
            }
        }
    }
#endif
