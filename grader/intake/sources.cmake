# Sources of grader/intake/, added to the core library (filled in with the module).
