// The example is being written.
print("Strata example")
