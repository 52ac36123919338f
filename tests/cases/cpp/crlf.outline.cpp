#include <string>

namespace crlf {

/** A widget. */
class Widget {
public:
    explicit Widget(int id) : id_(id) { /* … */ }
    /// The id.
    int id() const;

private:
    int id_;
    static int created;
};

int Widget::id() const { /* … */ }

}
