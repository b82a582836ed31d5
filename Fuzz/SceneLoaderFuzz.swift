// libFuzzer entry point for the scene loader (JSON5 parser, decoder and validation).
// Built by scripts/fuzz.sh with `swiftc -sanitize=fuzzer,address` over the loader's sources,
// which need only Foundation. Any crash, hang or sanitizer report is a bug.
import Foundation

@_cdecl("LLVMFuzzerTestOneInput")
public func sceneLoaderFuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Data(bytes: data, count: size)
    let result = Scene.validate(data: bytes, fileName: "fuzz.json")
    // Either a scene or at least one located error, never both empty.
    precondition(result.scene != nil || !result.errors.isEmpty, "validation returned neither a scene nor an error")
    return 0
}
