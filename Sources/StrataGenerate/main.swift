import Foundation
import StrataGeneratorCore

// strata-generate: reads the command line, runs GenerateCommand, prints its
// output or its error. Everything else is in StrataGeneratorCore.

do {
    let command = try GenerateCommand(arguments: Array(CommandLine.arguments.dropFirst()))
    if let text = try command.run() {
        print(text, terminator: text.hasSuffix("\n") ? "" : "\n")
    }
} catch {
    FileHandle.standardError.write(Data("strata-generate: \(error)\n".utf8))
    exit(1)
}
