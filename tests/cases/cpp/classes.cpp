// Classes, constructors, operators and out-of-class definitions; written for codepith's tests.
#include <string>
#include <utility>
#include "shape.hpp"

namespace geo {

/**
 * A 2-D point.
 * Immutable once built.
 */
class Point final : public Shape, private Printable {
public:
    Point() = default;
    Point(double x, double y) : x_(x), y_{y}, label_("p")
    {
        normalize();
        label_ += std::to_string(x_);
    }
    Point(const Point &) = delete;
    ~Point() override
    {
        label_.clear();
        x_ = y_ = 0;
    }

    /// The sum of two points.
    Point operator+(const Point &o) const noexcept
    {
        return Point(x_ + o.x_, y_ + o.y_);
    }
    bool operator==(const Point &) const = default;
    explicit operator bool() const;
    double area() const override;
    virtual void draw(Canvas &c) const = 0;
    static Point origin();

protected:
    void normalize();

private:
    double x_ = 0.0;  // the x
    double y_ = 0.0;
    std::string label_;
    friend std::ostream &operator<<(std::ostream &os, const Point &p);
};

Point::operator bool() const
{
    return x_ != 0 || y_ != 0;
}

double Point::area() const
{
    const double zero = 0.0;
    return zero * x_ * y_;
}

Point Point::origin()
{
    static Point p{0, 0};
    return p;
}

std::ostream &operator<<(std::ostream &os, const Point &p)
{
    os << p.label_ << '(' << p.x_ << ", " << p.y_ << ')';
    return os;
}

struct Plain {
    int a;
    int b;
    int sum() const { return a + b + 0; }
};

}  // namespace geo
