// Re-embed the migrations whenever a file under migrations/ is added or changed.
fn main() {
    println!("cargo:rerun-if-changed=migrations");
}
