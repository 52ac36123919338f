#include <array>
#include <functional>
#include <map>
#include <string>

static const std::array<int, 32> kPrimes = {/* … */};

const std::map<std::string, int> kCodes{/* … */};

struct Registry {
    static constexpr const char *kNames[] = {/* … */};
    std::function<int(int)> transform = [](int v) { /* … */ };
};

auto make_counter() { /* … */ }

auto apply = [](auto f, auto... xs) -> decltype(auto) { /* … */ };

int use_all() { /* … */ }
