/// Swift names for JSON keys: properties in lower camel case, types in upper
/// camel case, enum cases, and the rules that keep them valid Swift.
///
/// A key is cut into words the way Strata's snake-case rule cuts a property key
/// (``wordsOfKey(_:)``), so the names it gives go back to the key by that rule
/// whenever they can. Words that are acronyms (`id`, `url`, `html`, …) are
/// written in capitals after the first word: `html_url` → `htmlURL`, as Swift's
/// API guidelines write them.
///
/// ```swift
/// SwiftNaming.propertyCandidates(forKey: "html_url")  // ["htmlURL", "htmlUrl"]
/// SwiftNaming.typeName(forKey: "media_attachments", singular: true)  // "MediaAttachment"
/// ```
public enum SwiftNaming {
    /// Words written in capitals inside a name: `nodeID`, `avatarURL`, `APIToken`.
    public static let acronyms: Set<String> = [
        "api", "css", "dns", "gps", "html", "http", "https", "id", "ip", "iso", "json", "jwt", "pdf",
        "rgb", "sha", "sql", "ssh", "ssl", "tls", "ttl", "uri", "url", "utc", "uuid", "xml",
    ]

    /// Swift's reserved words, which a property or case may only use in backticks.
    public static let keywords: Set<String> = [
        "Any", "Self", "Type", "Protocol", "_",
        "as", "associatedtype", "await", "break", "case", "catch", "class", "continue", "default", "defer",
        "deinit", "do", "else", "enum", "extension", "fallthrough", "false", "fileprivate", "for", "func",
        "guard", "if", "import", "in", "init", "inout", "internal", "is", "let", "nil", "operator",
        "precedencegroup", "private", "protocol", "public", "repeat", "rethrows", "return", "self",
        "static", "struct", "subscript", "super", "switch", "throw", "throws", "true", "try",
        "typealias", "var", "where", "while",
    ]

    /// Instance members every model has, which a property cannot also be named.
    public static let modelMembers: Set<String> = ["dictionaryValue"]

    /// Type names a generated type must not take, since it would hide the Swift,
    /// Foundation or Strata type of that name in the module.
    public static let reservedTypeNames: Set<String> = [
        "Any", "AnyObject", "Array", "Bool", "Bundle", "Calendar", "Character", "CharacterSet", "Codable",
        "Collection", "Data", "Date", "DateComponents", "DateFormatter", "Decimal", "Dictionary", "Double",
        "EncodingBehavior", "Equatable", "Error", "Float", "Hashable", "Host", "Identifiable", "IndexPath",
        "IndexSet", "Int", "Int16", "Int32", "Int64", "Int8", "JSONAdapter", "JSONKeyPath", "JSONNull",
        "JSONSerializing", "Locale", "Measurement", "Mirror", "Model", "ModelArchiver", "Never",
        "Notification", "NumberFormatter", "Operation", "Optional", "Process", "Progress", "PropertyKeys",
        "Protocol", "Range", "Result", "SecureCodingModel", "Self", "Sendable", "Sequence", "Set",
        "StrataError", "Stream", "String", "Substring", "Task", "Thread", "TimeZone", "Timer", "Type", "UInt",
        "URL", "URLComponents", "URLRequest", "URLSession", "UUID", "Unicode", "ValueTransformer", "Void",
    ]

    // MARK: Words

    /// The words of a JSON key: letters and digits cut where Strata's snake-case
    /// rule starts a word (a capital after a lower-case letter, the last capital
    /// of an acronym before a lower-case letter, a run of digits), and at every
    /// other character.
    ///
    /// A leading `+`, `-`, `@` or `$` is a word of its own: `+1` → `["plus",
    /// "1"]`, `@type` → `["at", "type"]`.
    ///
    /// ```swift
    /// SwiftNaming.wordsOfKey("avatarURL")   // ["avatar", "URL"]
    /// SwiftNaming.wordsOfKey("user_id_2fa") // ["user", "id", "2fa"]
    /// ```
    public static func wordsOfKey(_ key: String) -> [String] {
        let symbolWords: [Character: String] = ["+": "plus", "-": "minus", "@": "at", "$": "dollar"]
        var characters = Array(key)
        var words: [String] = []
        if let first = characters.first, let word = symbolWords[first] {
            words.append(word)
            characters.removeFirst()
        }
        var word = ""
        for index in characters.indices {
            let character = characters[index]
            if character == "+" {
                if !word.isEmpty { words.append(word) }
                words.append("plus")
                word = ""
                continue
            }
            guard isWordCharacter(character) else {
                if !word.isEmpty { words.append(word) }
                word = ""
                continue
            }
            if !word.isEmpty, startsWord(at: index, in: characters) {
                words.append(word)
                word = ""
            }
            word.append(character)
        }
        if !word.isEmpty { words.append(word) }
        return words
    }

    private static func startsWord(at index: Int, in characters: [Character]) -> Bool {
        let previous = characters[index - 1]
        let character = characters[index]
        if isDigit(character) { return !isDigit(previous) }
        guard character.isUppercase else { return false }
        if previous.isLowercase { return true }
        let next = index + 1 < characters.count ? characters[index + 1] : nil
        return next?.isLowercase == true
    }

    private static func isDigit(_ character: Character) -> Bool { character.isASCII && character.isWholeNumber }

    private static func isWordCharacter(_ character: Character) -> Bool {
        (character.isLetter || isDigit(character)) && character.unicodeScalars.allSatisfy(isIdentifierScalar)
    }

    private static func isIdentifierScalar(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isXIDContinue
    }

    // MARK: Properties

    /// Property names for `key`, best first: acronyms in capitals (`htmlURL`), then plain camel case (`htmlUrl`), then the
    /// key itself when it is already a lower-camel identifier (no `_`: a snake-case key is never a name).
    ///
    /// The generator takes the first that Strata's key rule turns back into `key`, or else the first with an explicit key.
    ///
    /// Every candidate is a valid Swift identifier (keywords still need
    /// backticks, see ``declarationName(_:)``): a name that would start with a digit
    /// starts with `_` (`2fa` → `_2fa`), and a key with no letter or digit is `key`.
    public static func propertyCandidates(forKey key: String) -> [String] {
        let words = wordsOfKey(key)
        var candidates = [
            lowerCamel(words, acronyms: true),
            lowerCamel(words, acronyms: false),
        ]
        if isPlainIdentifier(key), key.first?.isLowercase == true, !key.contains("_") { candidates.append(key) }
        var seen: Set<String> = []
        return candidates.filter { seen.insert($0).inserted }
    }

    /// `words` as one lower-camel-case identifier.
    static func lowerCamel(_ words: [String], acronyms: Bool) -> String {
        guard let first = words.first else { return "key" }
        var name = first.lowercased()
        for word in words.dropFirst() { name += capitalized(word, acronyms: acronyms) }
        if name.first?.isNumber == true { name = "_" + name }
        return name
    }

    /// `words` as one upper-camel-case name, acronyms in capitals.
    static func upperCamel(_ words: [String]) -> String {
        words.map { capitalized($0, acronyms: true) }.joined()
    }

    private static func capitalized(_ word: String, acronyms: Bool) -> String {
        let lower = word.lowercased()
        if acronyms, Self.acronyms.contains(lower) { return word.uppercased() }
        // A word in capitals that is not an acronym reads as a word: FULL_NAME → fullName.
        let body = word == word.uppercased() ? lower : word
        return body.prefix(1).uppercased() + body.dropFirst()
    }

    /// Whether `name` is an identifier as it is: a letter or `_`, then letters,
    /// digits and `_` (keywords included).
    public static func isPlainIdentifier(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first,
            first == "_" || first.properties.isXIDStart
        else { return false }
        return name.unicodeScalars.allSatisfy { $0 == "_" || $0.properties.isXIDContinue }
    }

    /// `name` as it is declared and used after a dot: in backticks when it is a keyword.
    ///
    /// ```swift
    /// SwiftNaming.declarationName("default")  // "`default`"
    /// ```
    public static func declarationName(_ name: String) -> String {
        keywords.contains(name) ? "`\(name)`" : name
    }

    // MARK: Types

    /// The type name for the object or array at `key`: upper camel case, the
    /// last word made singular for an array (`labels` → `Label`,
    /// `media_attachments` → `MediaAttachment`); `nil` when the key gives no
    /// name Swift allows on its own (it starts with a digit, or has no letter).
    public static func typeName(forKey key: String, singular: Bool) -> String? {
        var words = wordsOfKey(key)
        guard !words.isEmpty else { return nil }
        if singular, let last = words.popLast() { words.append(Self.singular(last)) }
        let name = upperCamel(words)
        guard let first = name.unicodeScalars.first, first.properties.isXIDStart else { return nil }
        return name
    }

    /// The singular of an English plural, by the common spelling rules; a word
    /// that does not look plural is returned as it is.
    ///
    /// ```swift
    /// SwiftNaming.singular("categories")  // "category"
    /// SwiftNaming.singular("statuses")    // "status"
    /// SwiftNaming.singular("status")      // "status"
    /// ```
    public static func singular(_ word: String) -> String {
        let lower = word.lowercased()
        let irregular = ["people": "person", "children": "child", "men": "man", "women": "woman"]
        if let singular = irregular[lower] { return matchCase(singular, word) }
        if lower.hasSuffix("ies"), lower.count > 4 { return String(word.dropLast(3)) + matchCase("y", word) }
        for ending in ["sses", "shes", "ches", "xes", "zes", "uses"] where lower.hasSuffix(ending) {
            return String(word.dropLast(2))
        }
        if lower.hasSuffix("s"), !lower.hasSuffix("ss"), !lower.hasSuffix("us"), !lower.hasSuffix("sis"), lower.count > 2 {
            return String(word.dropLast())
        }
        return word
    }

    private static func matchCase(_ text: String, _ model: String) -> String {
        model == model.uppercased() ? text.uppercased() : text
    }

    // MARK: Enum cases

    /// `base`, or `base` and the first number from 2 that `used` does not hold
    /// (`Invoice2`); recorded in `used`.
    static func unique(_ base: String, in used: inout Set<String>) -> String {
        var name = base
        var number = 2
        while used.contains(name) {
            name = "\(base)\(number)"
            number += 1
        }
        used.insert(name)
        return name
    }

    /// The case name for the raw value `value` of a string enum: lower camel
    /// case (`in_progress` → `inProgress`, `Organization` → `organization`).
    public static func caseName(forValue value: String) -> String {
        lowerCamel(wordsOfKey(value), acronyms: false)
    }
}
