// CRLF line endings; written for codepith's tests.
#include <string>

namespace crlf {

/**
 * A widget.
 * With two lines.
 */
class Widget {
public:
    explicit Widget(int id) : id_(id) { /* … */ }
    /// The id.
    /// Never zero.
    int id() const;

private:
    int id_;
    static int created;
};

int Widget::id() const { /* … */ }

}  // namespace crlf
