# Tests of grader/intake/, added to the test binary.
