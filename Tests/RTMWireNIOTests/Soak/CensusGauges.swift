import RTMWireTestSupport

@testable import RTMWireNIO

extension ResourceCensus.Counts {
    /// The counts as the samples file's columns (`live_connections` is what `Scripts/soak-plot`
    /// draws).
    var gauges: [SoakGauge] {
        [
            SoakGauge("live_connections", connections), SoakGauge("server_tasks", serverTasks),
            SoakGauge("pumps", pumps), SoakGauge("inboxes", inboxes), SoakGauge("budgets", budgets),
            SoakGauge("deadline_handlers", deadlineHandlers),
        ]
    }
}
