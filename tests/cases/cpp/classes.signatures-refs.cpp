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
    Point(double x, double y) : x_(x), y_{y}, label_("p") { /* … L16-19 */ }
    Point(const Point &) = delete;
    ~Point() override { /* … L22-25 */ }

    /// The sum of two points.
    Point operator+(const Point &o) const noexcept { /* … L29-31 */ }
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

Point::operator bool() const { /* … L49-51 */ }

double Point::area() const { /* … L54-57 */ }

Point Point::origin() { /* … L60-63 */ }

std::ostream &operator<<(std::ostream &os, const Point &p) { /* … L66-69 */ }

struct Plain {
    int a;
    int b;
    int sum() const { /* … L74 */ }
};

}  // namespace geo
