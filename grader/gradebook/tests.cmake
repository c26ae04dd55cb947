# Tests of grader/gradebook/, added to the test binary.
