//! Writes prost's code for Schemas/: `rtmwire-prost-gen OUT_DIR SCHEMAS_DIR FILE.proto...`
//! (Scripts/generate-runtimes runs it with PROTOC=/usr/bin/protoc).
fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (out, rest) = args.split_first().expect("usage: OUT_DIR SCHEMAS_DIR FILE.proto...");
    let (schemas, files) = rest.split_first().expect("usage: OUT_DIR SCHEMAS_DIR FILE.proto...");
    prost_build::Config::new()
        .out_dir(out)
        .compile_protos(files, &[schemas])
        .expect("prost-build failed");
}
