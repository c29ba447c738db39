enum ModelNesting { static let maximumDepth = 64 }
