// Multibyte identifiers and strings, attributes, try blocks; written for codepith's tests.
#include <stdexcept>
#include <string_view>

/// Grüße an die Welt — greets the world.
[[nodiscard]] inline std::string_view greeting() noexcept
{
    return "Grüße, 世界! ✓";
}

[[deprecated("use größe()")]] int size_of(const char *s);

struct [[gnu::packed]] Größe {
    int breite;
    int höhe;
    [[nodiscard]] int fläche() const;
};

int Größe::fläche() const
{
    return breite * höhe;
}

int parse(const char *text)
{
    try {
        return std::stoi(text);
    } catch (const std::exception &e) {
        throw std::runtime_error(std::string("bad number: ") + e.what());
    }
}

auto trailing(int x) -> int
{
    const auto u8 = u8"ñ";
    return x + static_cast<int>(sizeof u8);
}

int checked(int x) try {
    return parse("12") + x;
} catch (...) {
    return -1;
}
