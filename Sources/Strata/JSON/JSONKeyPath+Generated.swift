/// Key maps generated from a model's property list, to use as
/// `jsonKeyPathsByPropertyKey` or to merge with a few keys of your own.
///
/// Both maps name every key of `propertyKeys` but a computed read-only one, which
/// JSON cannot set and they leave out. A stored property Strata cannot set, such
/// as a `let`, is named, so the mapping reports it as an `invalidMapping` error
/// naming it: make it a `var`, or leave it out of the keys (of a struct's derived
/// list, with ``PropertyKeys/storedProperties(excluding:)``). Each property gets one JSON key
/// (a key with a dot in it stays one key, not a nested path), so writing a model
/// gives back exactly the keys reading it took.
extension JSONKeyPath {
    /// Maps each writable property key to the JSON key of the same name: Mantle's
    /// `+[NSDictionary mtl_identityPropertyMapWithModel:]`.
    ///
    /// ```swift
    /// struct Point: JSONSerializing {
    ///     var x = 0.0
    ///     var y = 0.0
    ///     var length: Double { (x * x + y * y).squareRoot() }   // read-only: left out
    ///
    ///     static let propertyKeys: PropertyKeys<Point> = ["x": \.x, "y": \.y, "length": \.length]
    ///     static let jsonKeyPathsByPropertyKey = JSONKeyPath.identity(for: propertyKeys)
    ///     // ["x": "x", "y": "y"]
    /// }
    /// ```
    public static func identity<Root>(for propertyKeys: PropertyKeys<Root>) -> [String: JSONKeyPath] {
        generated(for: propertyKeys) { $0 }
    }

    /// Maps each writable property key to its snake-case JSON key:
    /// `avatarURL` → `avatar_url`.
    ///
    /// The key is cut into words, which are lower-cased and joined with `_`:
    ///
    /// - A capital after a lower-case letter starts a word: `siteAdmin` → `site_admin`.
    /// - A run of capitals is one word, an acronym: `avatarURL` → `avatar_url`,
    ///   `nodeID` → `node_id`.
    /// - A capital followed by a lower-case letter starts a word, so an acronym
    ///   ends before it: `URLString` → `url_string`.
    /// - Digits belong to the word before them, and take its case: `last4` →
    ///   `last4`, `addressLine1` → `address_line1`, `sha256Digest` →
    ///   `sha256_digest`, `oauth2Token` → `oauth2_token`, `top10Items` →
    ///   `top10_items`, `userID2FA` → `user_id2fa` (as `JSONEncoder`'s
    ///   `.convertToSnakeCase` writes them, and `JSONDecoder`'s
    ///   `.convertFromSnakeCase` reads them).
    /// - Any other character (`_`, `-`, `.`) is kept, and never starts or ends a
    ///   word: `already_snake` stays as it is. A key without capitals or digits
    ///   (`id`, `login`) is its own JSON key.
    ///
    /// Two properties whose keys give the same JSON key (`userID` and `userId`)
    /// make the mapping invalid; give one of them a key of its own.
    ///
    /// Merge the keys the rule does not give:
    ///
    /// ```swift
    /// struct User: JSONSerializing {
    ///     var login = ""
    ///     var avatarURL: URL?
    ///     var fullName = ""
    ///
    ///     static let propertyKeys: PropertyKeys<User> = [
    ///         "login": \.login, "avatarURL": \.avatarURL, "fullName": \.fullName,
    ///     ]
    ///     static let jsonKeyPathsByPropertyKey = JSONKeyPath.snakeCased(for: propertyKeys)
    ///         .merging(["fullName": "full_name_v2"]) { $1 }
    ///     // ["login": "login", "avatarURL": "avatar_url", "fullName": "full_name_v2"]
    /// }
    /// ```
    public static func snakeCased<Root>(for propertyKeys: PropertyKeys<Root>) -> [String: JSONKeyPath] {
        generated(for: propertyKeys, snakeCase)
    }

    /// A map of each writable key of `propertyKeys` to the one JSON key `jsonKey` gives it.
    private static func generated<Root>(
        for propertyKeys: PropertyKeys<Root>, _ jsonKey: (String) -> String
    ) -> [String: JSONKeyPath] {
        var map: [String: JSONKeyPath] = [:]
        for key in propertyKeys.generatedMapKeys {
            map[key] = JSONKeyPath(segments: [jsonKey(key)])
        }
        return map
    }

    /// `key` in snake case, by the rule ``snakeCased(for:)`` documents.
    static func snakeCase(_ key: String) -> String {
        let characters = Array(key)
        var result = ""
        result.reserveCapacity(key.utf8.count + 4)
        for index in characters.indices {
            if index > 0 && startsWord(at: index, in: characters) { result.append("_") }
            result += characters[index].lowercased()
        }
        return result
    }

    /// Whether the character at `index` (not the first) starts a new word.
    ///
    /// Only a capital after a letter or digit does: after a lower-case word (digits
    /// count as the case of the letter before them), or inside an acronym when a
    /// lower-case letter follows it.
    private static func startsWord(at index: Int, in characters: [Character]) -> Bool {
        let character = characters[index]
        guard character.isUppercase, isWordCharacter(characters[index - 1]) else { return false }
        var letter = index - 1
        while letter > 0 && isDigit(characters[letter]) { letter -= 1 }
        if !characters[letter].isUppercase { return true }
        let next = index + 1 < characters.count ? characters[index + 1] : nil
        return next?.isLowercase == true
    }

    private static func isDigit(_ character: Character) -> Bool {
        character.isASCII && character.isWholeNumber
    }

    private static func isWordCharacter(_ character: Character) -> Bool {
        character.isLetter || isDigit(character)
    }
}
