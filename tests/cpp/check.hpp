/*
 * check.hpp: the tiny test framework of the C++ wrapper tests (tests/cpp/).
 *
 *   TEST(name) { CHECK(cond); CHECK_EQ(a, b); CHECK_NE(a, b); CHECK_CONTAINS(text, part); }
 *
 * A failed check prints file:line, the expression and the values to stderr and counts
 * against the running test without stopping it; a test passes when all its checks pass.
 * Checks may run on any thread (a test's threads must end before the test returns).
 * check::run_all() runs every registered test in registration order (files in link order,
 * tests in file order), prints one line per failed test and returns the failed count.
 * Builds with and without exceptions: with them, an exception escaping a test fails it.
 * Values print through check::Printer<T>, which tests may specialise for their types.
 * CHECK_TIMES=1 in the environment prints each test's wall time (to find slow ones).
 */
#ifndef GOAP_TESTS_CHECK_HPP
#define GOAP_TESTS_CHECK_HPP

#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <mutex>
#include <sstream>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

#if defined(__cpp_exceptions) || defined(__EXCEPTIONS)
#define CHECK_HAS_EXCEPTIONS 1
#include <exception>
#else
#define CHECK_HAS_EXCEPTIONS 0
#endif

namespace check {

namespace detail {
template <class T, class = void>
struct streamable : std::false_type {};
template <class T>
struct streamable<T, std::void_t<decltype(std::declval<std::ostream&>() << std::declval<const T&>())>>
    : std::true_type {};
}  // namespace detail

/// How a value shows in a failure message; specialise it for types without operator<<.
template <class T, class = void>
struct Printer {
  static std::string print(const T& value) {
    std::ostringstream out;
    if constexpr (std::is_same_v<T, bool>) {
      out << (value ? "true" : "false");
    } else if constexpr (std::is_enum_v<T>) {
      out << "enum " << static_cast<long long>(value);
    } else if constexpr (std::is_convertible_v<const T&, std::string_view>) {
      out << '"' << std::string_view(value) << '"';
    } else if constexpr (std::is_same_v<T, char> || std::is_same_v<T, signed char> ||
                         std::is_same_v<T, unsigned char>) {
      out << static_cast<int>(value);
    } else if constexpr (std::is_floating_point_v<T>) {
      out.precision(17);
      out << value;
    } else if constexpr (detail::streamable<T>::value) {
      out << value;
    } else {
      out << "<" << sizeof(T) << "-byte value>";
    }
    return out.str();
  }
};

template <class T>
std::string show(const T& value) {
  return Printer<std::decay_t<T>>::print(value);
}

struct TestCase {
  const char* name;
  void (*fn)();
};

inline std::vector<TestCase>& registry() {
  static std::vector<TestCase> tests;
  return tests;
}

struct Registrar {
  Registrar(const char* name, void (*fn)()) { registry().push_back(TestCase{name, fn}); }
};

/// Failed checks of the running test (any thread).
inline std::atomic<int>& failures() {
  static std::atomic<int> count{0};
  return count;
}

inline std::mutex& output_mutex() {
  static std::mutex mutex;
  return mutex;
}

inline const char*& current_test() {
  static const char* name = "";
  return name;
}

/// Records a failed check: "file:line: [test] what".
inline void fail(const char* file, int line, const std::string& what) {
  ++failures();
  std::lock_guard<std::mutex> lock(output_mutex());
  std::fprintf(stderr, "%s:%d: [%s] %s\n", file, line, current_test(), what.c_str());
  std::fflush(stderr);
}

inline bool check(bool ok, const char* expr, const char* file, int line) {
  if (!ok) fail(file, line, std::string("CHECK(") + expr + ") failed");
  return ok;
}

template <class A, class B>
bool check_eq(const A& a, const B& b, bool want_equal, const char* ea, const char* eb,
              const char* file, int line) {
  const bool equal = (a == b);
  if (equal != want_equal) {
    fail(file, line,
         std::string(want_equal ? "CHECK_EQ(" : "CHECK_NE(") + ea + ", " + eb + "): " + show(a) +
             (want_equal ? " != " : " == ") + show(b));
  }
  return equal == want_equal;
}

inline bool check_contains(std::string_view text, std::string_view part, const char* et,
                           const char* ep, const char* file, int line) {
  const bool ok = text.find(part) != std::string_view::npos;
  if (!ok) {
    fail(file, line,
         std::string("CHECK_CONTAINS(") + et + ", " + ep + "): \"" + std::string(text) +
             "\" lacks \"" + std::string(part) + "\"");
  }
  return ok;
}

/// Runs every test; prints "FAILED <name> (<n> failed checks)" per failed test. Returns
/// the number of failed tests; `passed` receives the passed count.
inline int run_all(int& passed) {
  int failed = 0;
  passed = 0;
  const bool times = std::getenv("CHECK_TIMES") != nullptr;
  for (const TestCase& test : registry()) {
    current_test() = test.name;
    failures() = 0;
    const auto start = std::chrono::steady_clock::now();
#if CHECK_HAS_EXCEPTIONS
    try {
      test.fn();
    } catch (const std::exception& e) {
      fail(__FILE__, __LINE__, std::string("exception escaped the test: ") + e.what());
    } catch (...) {
      fail(__FILE__, __LINE__, "a non-std exception escaped the test");
    }
#else
    test.fn();
#endif
    if (times) {
      const std::chrono::duration<double> took = std::chrono::steady_clock::now() - start;
      std::printf("%8.3f s  %s\n", took.count(), test.name);
    }
    const int n = failures();
    if (n == 0) {
      ++passed;
    } else {
      ++failed;
      std::printf("FAILED %s (%d failed checks)\n", test.name, n);
      std::fflush(stdout);
    }
  }
  current_test() = "";
  return failed;
}

}  // namespace check

#define CHECK_CAT2(a, b) a##b
#define CHECK_CAT(a, b) CHECK_CAT2(a, b)

#define TEST(name)                                                       \
  static void test_##name();                                             \
  static const ::check::Registrar CHECK_CAT(register_, name)(#name, &test_##name); \
  static void test_##name()

#define CHECK(cond) ::check::check(static_cast<bool>(cond), #cond, __FILE__, __LINE__)
#define CHECK_EQ(a, b) ::check::check_eq((a), (b), true, #a, #b, __FILE__, __LINE__)
#define CHECK_NE(a, b) ::check::check_eq((a), (b), false, #a, #b, __FILE__, __LINE__)
#define CHECK_CONTAINS(text, part) \
  ::check::check_contains((text), (part), #text, #part, __FILE__, __LINE__)
#define FAIL(what) ::check::fail(__FILE__, __LINE__, (what))

#endif  // GOAP_TESTS_CHECK_HPP
