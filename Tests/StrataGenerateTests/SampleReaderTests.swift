import Foundation
import StrataGeneratorCore
import Testing

@Suite struct SampleReaderTests {
    @Test func keepsKeyOrderAndNumberSpelling() throws {
        let sample = try SampleReader.read(Data(#"{"b": 1, "a": 1.0, "c": [true, null, "x\n\u00e9\ud83d\ude00"]}"#.utf8), file: "a.json")
        #expect(sample == .object([
            JSONMember(key: "b", value: .number("1")),
            JSONMember(key: "a", value: .number("1.0")),
            JSONMember(key: "c", value: .array([.bool(true), .null, .string("x\né😀")])),
        ]))
    }

    /// Text that is not JSON, and the message with its line and column.
    @Test(arguments: [
        ("{\"a\" 1}", "a.json:1:6: Expected ':' after the key \"a\", found '1'."),
        ("{\n  \"a\": 1,\n  \"b\": 2,\n}", "a.json:4:1: Expected a key in double quotes, found '}'."),
        ("[1, 2,]", "a.json:1:7: Expected a value, found ']'."),
        ("[1 2]", "a.json:1:4: Expected ',' or ']' after an element of the array, found '2'."),
        ("{\"a\": 1 \"b\": 2}", "a.json:1:9: Expected ',' or '}' after the value of \"a\", found '\"'."),
        ("{\"name\": \"é\" x}", "a.json:1:14: Expected ',' or '}' after the value of \"name\", found 'x'."),
        ("{\"a\": \"open", "a.json:1:7: The string that starts here is not closed: add the closing '\"'."),
        ("{\"a\": 01}", "a.json:1:8: A number cannot start with 0 followed by another digit."),
        ("{\"a\": 1.}", "a.json:1:9: Expected a digit after the decimal point, found '}'."),
        ("{\"a\": tru}", "a.json:1:10: Expected true, found '}'."),
        ("{\"a\": \"\\q\"}", "a.json:1:8: Invalid escape '\\q' in a string: JSON escapes are \\\" \\\\ \\/ \\b \\f \\n \\r \\t and \\uXXXX."),
        ("{\"a\": \"\\ud83d\"}", "a.json:1:14: The escape \\uD83D is half of a surrogate pair: add the \\u escape of its second half."),
        ("{\"a\": \"tab\there\"}", "a.json:1:11: A string cannot hold the control character U+0009 as it is: write it as an escape such as \\n or \\u0009."),
        ("{} {}", "a.json:1:4: Expected the end of the file after the JSON value, found '{'."),
        ("", "a.json:1:1: The file is empty: give a JSON object, or an array of objects."),
        ("{\"a\": [", "a.json:1:8: The file ends where a value was expected."),
        ("{'a': 1}", "a.json:1:2: Expected a key in double quotes, found '''."),
    ])
    func notJSON(_ text: String, _ message: String) {
        #expect(throws: GeneratorError.self) { try SampleReader.read(Data(text.utf8), file: "a.json") }
        do {
            _ = try SampleReader.read(Data(text.utf8), file: "a.json")
        } catch {
            #expect(error.code == .invalidJSON)
            #expect(error.description == message)
        }
    }

    @Test func aByteOrderMarkIsSkippedAndNotCounted() throws {
        #expect(try SampleReader.read(Data([0xEF, 0xBB, 0xBF] + Array("{}".utf8)), file: "a.json") == .object([]))
        do {
            _ = try SampleReader.read(Data([0xEF, 0xBB, 0xBF] + Array("{x}".utf8)), file: "a.json")
            Issue.record("expected an error")
        } catch {
            #expect(error.description == "a.json:1:2: Expected a key in double quotes, found 'x'.")
        }
    }

    @Test func nestingDeeperThanTheLimitIsAnErrorNotACrash() {
        let text = String(repeating: "[", count: SampleReader.maximumDepth + 1)
        do {
            _ = try SampleReader.read(Data(text.utf8), file: "deep.json")
            Issue.record("expected an error")
        } catch {
            #expect(error.description == "deep.json:1:513: Arrays and objects nest deeper than 512 levels.")
        }
    }
}
