// Multibyte identifiers and strings, attributes, try blocks; written for codepith's tests.
#include <stdexcept>
#include <string_view>

/// Grüße an die Welt — greets the world.
[[nodiscard]] inline std::string_view greeting() noexcept { /* … L7-9 */ }

[[deprecated("use größe()")]] int size_of(const char *s);

struct [[gnu::packed]] Größe {
    int breite;
    int höhe;
    [[nodiscard]] int fläche() const;
};

int Größe::fläche() const { /* … L20-22 */ }

int parse(const char *text) { /* … L25-31 */ }

auto trailing(int x) -> int { /* … L34-37 */ }

int checked(int x) { /* … L39-43 */ }
