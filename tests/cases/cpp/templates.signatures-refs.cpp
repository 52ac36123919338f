// Templates, concepts and specializations; written for codepith's tests.
#include <concepts>
#include <vector>

template <typename T>
concept Addable = requires(T a, T b) { a + b; };

template <typename T, typename Alloc = std::allocator<T>>
class Stack {
public:
    using value_type = T;
    template <typename... Args>
    void emplace(Args &&...args) { /* … L14-17 */ }
    T pop();

private:
    std::vector<T, Alloc> items_;
    std::size_t count_ = 0;
};

template <typename T, typename Alloc>
T Stack<T, Alloc>::pop() { /* … L27-32 */ }

template <>
class Stack<bool> {
public:
    bool pop() { /* … L37 */ }

private:
    unsigned bits_ = 0;
};

template <Addable T>
T sum(const std::vector<T> &xs) { /* … L45-51 */ }

template <typename T>
auto twice(T x) -> decltype(x + x) { /* … L55-57 */ }

template <typename T>
using Vec = std::vector<T>;

template <typename T>
constexpr bool is_small_v = sizeof(T) <= sizeof(void *);
