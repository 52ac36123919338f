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
    void emplace(Args &&...args)
    {
        items_.emplace_back(std::forward<Args>(args)...);
        ++count_;
    }
    T pop();

private:
    std::vector<T, Alloc> items_;
    std::size_t count_ = 0;
};

template <typename T, typename Alloc>
T Stack<T, Alloc>::pop()
{
    T top = items_.back();
    items_.pop_back();
    --count_;
    return top;
}

template <>
class Stack<bool> {
public:
    bool pop() { return bits_ & 1 ? true : false; }

private:
    unsigned bits_ = 0;
};

template <Addable T>
T sum(const std::vector<T> &xs)
{
    T total{};
    for (const auto &x : xs) {
        total = total + x;
    }
    return total;
}

template <typename T>
auto twice(T x) -> decltype(x + x)
{
    return x + x;
}

template <typename T>
using Vec = std::vector<T>;

template <typename T>
constexpr bool is_small_v = sizeof(T) <= sizeof(void *);
