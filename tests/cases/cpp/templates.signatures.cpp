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
    void emplace(Args &&...args) { /* … */ }
    T pop();

private:
    std::vector<T, Alloc> items_;
    std::size_t count_ = 0;
};

template <typename T, typename Alloc>
T Stack<T, Alloc>::pop() { /* … */ }

template <>
class Stack<bool> {
public:
    bool pop() { /* … */ }

private:
    unsigned bits_ = 0;
};

template <Addable T>
T sum(const std::vector<T> &xs) { /* … */ }

template <typename T>
auto twice(T x) -> decltype(x + x) { /* … */ }

template <typename T>
using Vec = std::vector<T>;

template <typename T>
constexpr bool is_small_v = sizeof(T) <= sizeof(void *);
