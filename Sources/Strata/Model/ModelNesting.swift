/// How deeply models may nest inside one another by default, in JSON and in archives.
///
/// Each level of nesting is a level of recursion, so input that nests without
/// bound would exhaust the stack and crash the process. 64 levels is far beyond
/// what real payloads use and fits the 512 KiB stacks of secondary threads on
/// Apple platforms. JSON reading and writing take their limit from
/// ``JSONAdapter/DecodingOptions`` and ``JSONAdapter/EncodingOptions``, whose
/// defaults are this value; archives always use it.
enum ModelNesting {
    static let defaultMaximumDepth = 64
}
