// The second process of the UserDefaults round-trip test.
print("probe")
