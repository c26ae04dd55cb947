# Sources of grader/gradebook/, added to the core library (filled in with the module).
