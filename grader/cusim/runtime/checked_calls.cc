// The C library calls of the file's object that write memory where -fsanitize=thread does not look: a memcpy
// whose size the compiler cannot see stays a call, and strcpy, sprintf and printf's %n write through a
// pointer inside the C library. The simulator's join renames each such call of the file's object to its
// checked twin here (sim/checked_calls.h), from outside the file's reach, as TSan's own runtime intercepts
// them. Each twin tells the race checker what it reads and writes before the C library does it, so that:
//   - a kernel's memcpy into shared or device memory is race-checked and counted like the loads and stores it
//     stands for (before, a correct transpose that copied with memcpy was `host_compute`, no kernel having
//     been seen to read its input);
//   - a call that would write the runner's own variables ends the run, as the same store would (issue #33:
//     the checks' switches live there).
// The streams a file may print to are the ones it started with: a FILE of its own making is a way to have the
// C library write anywhere.
#include <algorithm>
#include <cstdarg>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <string>

#include "cusim/runtime/fatal.h"
#include "cusim/runtime/race_checker.h"

#define CUSIM_PC reinterpret_cast<uintptr_t>(__builtin_return_address(0))

// glibc's fortified entry points (what _FORTIFY_SOURCE turns memcpy and printf into); not in its headers
// unless fortification is on.
extern "C" {
void* __memcpy_chk(void*, const void*, size_t, size_t);
void* __memmove_chk(void*, const void*, size_t, size_t);
void* __memset_chk(void*, int, size_t, size_t);
char* __strcpy_chk(char*, const char*, size_t);
char* __strcat_chk(char*, const char*, size_t);
int __vsprintf_chk(char*, int, size_t, const char*, va_list);
int __vsnprintf_chk(char*, size_t, int, size_t, const char*, va_list);
int __vprintf_chk(int, const char*, va_list);
int __vfprintf_chk(FILE*, int, const char*, va_list);
}

namespace cusim::checked {
namespace {

void reads(const void* address, size_t bytes, uintptr_t pc) {
  if (bytes > 0) race::on_bytes(address, bytes, false, pc);
}
void writes(void* address, size_t bytes, uintptr_t pc) {
  if (bytes > 0) race::on_bytes(address, bytes, true, pc);
}

// A string of `source`'s length and its terminating zero, read from `source` and written at `destination`.
void copies_string(char* destination, const char* source, uintptr_t pc) {
  const size_t n = std::strlen(source) + 1;
  reads(source, n, pc);
  writes(destination, n, pc);
}

// Where printf's conversion specifications are: "%n" stores the count printed so far through its argument,
// an address of the file's choosing written by the C library. CUDA's device printf has no %n, and no lab
// prints one; a format that holds one ends the run.
bool holds_store_conversion(const char* format) {
  for (const char* at = format; *at != '\0'; ++at) {
    if (*at != '%') continue;
    ++at;
    // Flags, a width, a precision, an argument position, length modifiers: anything up to the conversion.
    while (*at != '\0' && std::strchr("0123456789$#-+ '.*hlLqjztI", *at) != nullptr) ++at;
    if (*at == 'n') return true;
    if (*at == '\0') break;
  }
  return false;
}

void check_format(const char* format) {
  if (format != nullptr && holds_store_conversion(format)) {
    fail("crashed", "the file prints with a %n conversion, which stores through a pointer: CUDA's printf has no "
                    "%n, and a lab's code prints only what it shows");
  }
}

// The streams the runner started with. Read before any code of the file runs (an initialiser of this file's
// is among the runner's, not the file's, and the file's startup code is refused).
FILE* const g_stdout = stdout;
FILE* const g_stderr = stderr;

void check_stream(FILE* stream) {
  if (stream != g_stdout && stream != g_stderr) {
    fail("crashed", "the file prints to a stream that is neither stdout nor stderr: a lab's code has no files "
                    "of its own");
  }
}

// printf's stream is stdout, as the variable holds it now: a file that points it elsewhere prints nothing.
void check_standard_output() { check_stream(stdout); }

// What vsnprintf would write for this format, less the terminating zero.
size_t formatted_length(const char* format, va_list arguments) {
  va_list copy;
  va_copy(copy, arguments);
  const int length = std::vsnprintf(nullptr, 0, format, copy);
  va_end(copy);
  return length < 0 ? 0 : static_cast<size_t>(length);
}

}  // namespace
}  // namespace cusim::checked

using namespace cusim::checked;

extern "C" {

void* __cusim_checked_memcpy_chk(void* d, const void* s, size_t n, size_t room) {
  reads(s, n, CUSIM_PC);
  writes(d, n, CUSIM_PC);
  return __memcpy_chk(d, s, n, room);
}

void* __cusim_checked_memmove_chk(void* d, const void* s, size_t n, size_t room) {
  reads(s, n, CUSIM_PC);
  writes(d, n, CUSIM_PC);
  return __memmove_chk(d, s, n, room);
}

void* __cusim_checked_memset_chk(void* d, int c, size_t n, size_t room) {
  writes(d, n, CUSIM_PC);
  return __memset_chk(d, c, n, room);
}

char* __cusim_checked_strcpy(char* d, const char* s) {
  copies_string(d, s, CUSIM_PC);
  return std::strcpy(d, s);
}

char* __cusim_checked_strcpy_chk(char* d, const char* s, size_t room) {
  copies_string(d, s, CUSIM_PC);
  return __strcpy_chk(d, s, room);
}

char* __cusim_checked_stpcpy(char* d, const char* s) {
  copies_string(d, s, CUSIM_PC);
  return stpcpy(d, s);
}

// strncpy writes all n bytes, padding with zeros past the source's end.
char* __cusim_checked_strncpy(char* d, const char* s, size_t n) {
  reads(s, std::min(n, strnlen(s, n) + 1), CUSIM_PC);
  writes(d, n, CUSIM_PC);
  return std::strncpy(d, s, n);
}

char* __cusim_checked_strcat(char* d, const char* s) {
  copies_string(d + std::strlen(d), s, CUSIM_PC);
  return std::strcat(d, s);
}

char* __cusim_checked_strcat_chk(char* d, const char* s, size_t room) {
  copies_string(d + std::strlen(d), s, CUSIM_PC);
  return __strcat_chk(d, s, room);
}

int __cusim_checked_sprintf(char* d, const char* format, ...) {
  check_format(format);
  va_list arguments;
  va_start(arguments, format);
  writes(d, formatted_length(format, arguments) + 1, CUSIM_PC);
  const int printed = std::vsprintf(d, format, arguments);
  va_end(arguments);
  return printed;
}

int __cusim_checked_sprintf_chk(char* d, int flag, size_t room, const char* format, ...) {
  check_format(format);
  va_list arguments;
  va_start(arguments, format);
  writes(d, formatted_length(format, arguments) + 1, CUSIM_PC);
  const int printed = __vsprintf_chk(d, flag, room, format, arguments);
  va_end(arguments);
  return printed;
}

int __cusim_checked_snprintf(char* d, size_t size, const char* format, ...) {
  check_format(format);
  va_list arguments;
  va_start(arguments, format);
  if (size > 0) writes(d, std::min(size, formatted_length(format, arguments) + 1), CUSIM_PC);
  const int printed = std::vsnprintf(d, size, format, arguments);
  va_end(arguments);
  return printed;
}

int __cusim_checked_snprintf_chk(char* d, size_t size, int flag, size_t room, const char* format, ...) {
  check_format(format);
  va_list arguments;
  va_start(arguments, format);
  if (size > 0) writes(d, std::min(size, formatted_length(format, arguments) + 1), CUSIM_PC);
  const int printed = __vsnprintf_chk(d, size, flag, room, format, arguments);
  va_end(arguments);
  return printed;
}

int __cusim_checked_printf(const char* format, ...) {
  check_format(format);
  check_standard_output();
  va_list arguments;
  va_start(arguments, format);
  const int printed = std::vprintf(format, arguments);
  va_end(arguments);
  return printed;
}

int __cusim_checked_printf_chk(int flag, const char* format, ...) {
  check_format(format);
  check_standard_output();
  va_list arguments;
  va_start(arguments, format);
  const int printed = __vprintf_chk(flag, format, arguments);
  va_end(arguments);
  return printed;
}

int __cusim_checked_vprintf_chk(int flag, const char* format, va_list arguments) {
  check_format(format);
  check_standard_output();
  return __vprintf_chk(flag, format, arguments);
}

int __cusim_checked_fprintf(FILE* stream, const char* format, ...) {
  check_format(format);
  check_stream(stream);
  va_list arguments;
  va_start(arguments, format);
  const int printed = std::vfprintf(stream, format, arguments);
  va_end(arguments);
  return printed;
}

int __cusim_checked_fprintf_chk(FILE* stream, int flag, const char* format, ...) {
  check_format(format);
  check_stream(stream);
  va_list arguments;
  va_start(arguments, format);
  const int printed = __vfprintf_chk(stream, flag, format, arguments);
  va_end(arguments);
  return printed;
}

int __cusim_checked_vfprintf_chk(FILE* stream, int flag, const char* format, va_list arguments) {
  check_format(format);
  check_stream(stream);
  return __vfprintf_chk(stream, flag, format, arguments);
}

int __cusim_checked_puts(const char* text) {
  check_standard_output();
  return std::puts(text);
}

int __cusim_checked_putchar(int c) {
  check_standard_output();
  return std::putchar(c);
}

int __cusim_checked_fputs(const char* text, FILE* stream) {
  check_stream(stream);
  return std::fputs(text, stream);
}

int __cusim_checked_fputc(int c, FILE* stream) {
  check_stream(stream);
  return std::fputc(c, stream);
}

size_t __cusim_checked_fwrite(const void* data, size_t size, size_t count, FILE* stream) {
  check_stream(stream);
  return std::fwrite(data, size, count, stream);
}

// fflush(nullptr) flushes every stream, the two the runner started with among them.
int __cusim_checked_fflush(FILE* stream) {
  if (stream != nullptr) check_stream(stream);
  return std::fflush(stream);
}

}  // extern "C"
