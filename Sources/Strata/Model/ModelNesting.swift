/// How deeply models may nest inside one another, in JSON and in archives.
///
/// Each level of nesting is a level of recursion, so input that nests without
/// bound would exhaust the stack and crash the process. 64 levels is far beyond
/// what real payloads use and fits the 512 KiB stacks of secondary threads on
/// Apple platforms.
enum ModelNesting {
    static let maximumDepth = 64
}
