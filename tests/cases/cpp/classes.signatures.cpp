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
    Point(double x, double y) : x_(x), y_{y}, label_("p") { /* … */ }
    Point(const Point &) = delete;
    ~Point() override { /* … */ }

    /// The sum of two points.
    Point operator+(const Point &o) const noexcept { /* … */ }
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

Point::operator bool() const { /* … */ }

double Point::area() const { /* … */ }

Point Point::origin() { /* … */ }

std::ostream &operator<<(std::ostream &os, const Point &p) { /* … */ }

struct Plain {
    int a;
    int b;
    int sum() const { /* … */ }
};

}  // namespace geo
