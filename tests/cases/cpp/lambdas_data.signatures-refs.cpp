// Lambdas and data tables; written for codepith's tests.
#include <array>
#include <functional>
#include <map>
#include <string>

static const std::array<int, 32> kPrimes = {
    2, 3, 5, 7, 11, 13, 17, 19,
    23, 29, 31, 37, 41, 43, 47, 53,
    59, 61, 67, 71, 73, 79, 83, 89,
    97, 101, 103, 107, 109, 113, 127, 131,
};

const std::map<std::string, int> kCodes{
    {"ok", 0},
    {"warn", 1},
    {"error", 2},
    {"fatal", 3},
};

struct Registry {
    static constexpr const char *kNames[] = {
        "alpha",
        "beta",
        "gamma",
        "delta",
        "epsilon",
    };
    std::function<int(int)> transform = [](int v) { /* … L29-32 */ };
};

auto make_counter() { /* … L36-42 */ }

auto apply = [](auto f, auto... xs) -> decltype(auto) { /* … L44-46 */ };

int use_all() { /* … L49-52 */ }
