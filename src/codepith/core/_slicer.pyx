# cython: language_level=3
"""Native byte-space slicer (Cython). Twin of ``_slicer_py``: same names,
signatures and errors; bytes and integer arrays in, bytes and arrays out."""

from cpython.array cimport array, clone
from cpython.number cimport PyNumber_Index
from cpython.tuple cimport PyTuple_GET_ITEM, PyTuple_GET_SIZE
from cpython.bytes cimport PyBytes_AS_STRING, PyBytes_FromStringAndSize, PyBytes_GET_SIZE
from libc.stdint cimport int64_t, uint64_t
from libc.stdlib cimport free, malloc, qsort
from libc.string cimport memchr, memcpy, memset

from ._sliced import Sliced
from ..errors import EditOverlapError, EditRangeError, Utf8BoundaryError

__all__ = ["slice_bytes", "line_index", "longest_line", "LineIndex", "IMPLEMENTATION"]

IMPLEMENTATION = "cython"

cdef array _Q = array("q")


ctypedef struct _Edit:
    Py_ssize_t start
    Py_ssize_t end
    Py_ssize_t index


cdef int _cmp_edits(const void* pa, const void* pb) noexcept nogil:
    # Order: start; insertions before ranges; longer ranges first; input order.
    cdef const _Edit* a = <const _Edit*>pa
    cdef const _Edit* b = <const _Edit*>pb
    if a.start != b.start:
        return -1 if a.start < b.start else 1
    cdef int ra = a.end != a.start
    cdef int rb = b.end != b.start
    if ra != rb:
        return -1 if ra < rb else 1
    if a.end != b.end:
        return -1 if a.end > b.end else 1
    if a.index != b.index:
        return -1 if a.index < b.index else 1
    return 0


cdef inline bint _utf8_inside(const unsigned char* p, Py_ssize_t n, Py_ssize_t offset) noexcept nogil:
    if offset <= 0 or offset >= n or (p[offset] & 0xC0) != 0x80:
        return False
    cdef Py_ssize_t j = offset - 1
    cdef Py_ssize_t lowest = offset - 3 if offset >= 3 else 0
    cdef unsigned char b
    cdef Py_ssize_t length
    while j >= lowest:
        b = p[j]
        if (b & 0xC0) == 0x80:
            j -= 1
            continue
        if 0xC0 <= b <= 0xDF:
            length = 2
        elif 0xE0 <= b <= 0xEF:
            length = 3
        elif 0xF0 <= b <= 0xF7:
            length = 4
        else:
            return False
        return j + length > offset
    return False


cdef Py_ssize_t _count_nl(const unsigned char* p, Py_ssize_t a, Py_ssize_t b) noexcept nogil:
    # Counted in chunks of 255 into a narrow counter: the compiler vectorizes it.
    cdef Py_ssize_t n = 0
    cdef const unsigned char* q = p + a
    cdef const unsigned char* e = p + b
    cdef unsigned int chunk
    cdef int j
    while e - q >= 255:
        chunk = 0
        for j in range(255):
            chunk += q[j] == 10
        n += chunk
        q += 255
    while q < e:
        n += q[0] == 10
        q += 1
    return n


cdef enum:
    RADIX_BITS = 11
    RADIX = 2048


cdef int _sort_edits(_Edit* eds, Py_ssize_t m, Py_ssize_t n) noexcept nogil:
    """Sort edits in the order of ``_cmp_edits``; returns -1 when out of memory.

    Each edit gets one integer key (start, then insertions first, then longer
    ranges first); ties keep input order. Already-sorted input costs one pass;
    otherwise an LSD radix sort, which is stable.
    """
    if m < 2:
        return 0
    if n >= (<Py_ssize_t>1 << 31):  # keys would not fit in 64 bits
        if _sort_edits(eds, m, n) < 0:
            raise MemoryError()
        return 0
    cdef uint64_t mult = <uint64_t>n + 2
    cdef uint64_t* keys = <uint64_t*>malloc(2 * m * sizeof(uint64_t))
    cdef _Edit* tmp = <_Edit*>malloc(m * sizeof(_Edit))
    if keys == NULL or tmp == NULL:
        free(keys)
        free(tmp)
        return -1
    cdef uint64_t* tkeys = keys + m
    cdef Py_ssize_t i, pos, total
    cdef uint64_t key, maxkey = 0
    cdef bint ordered = True
    for i in range(m):
        key = <uint64_t>eds[i].start * mult
        if eds[i].end != eds[i].start:
            key += 1 + <uint64_t>(n - eds[i].end)
        keys[i] = key
        if key > maxkey:
            maxkey = key
        if i and key < keys[i - 1]:
            ordered = False
    cdef Py_ssize_t counts[RADIX]
    cdef int shift = 0
    cdef uint64_t* ksrc = keys
    cdef uint64_t* kdst = tkeys
    cdef _Edit* esrc = eds
    cdef _Edit* edst = tmp
    cdef uint64_t* kswap
    cdef _Edit* eswap
    cdef Py_ssize_t d
    if not ordered:
        while shift < 64 and (maxkey >> shift) != 0:
            memset(counts, 0, sizeof(counts))
            for i in range(m):
                counts[(ksrc[i] >> shift) & (RADIX - 1)] += 1
            total = 0
            for d in range(RADIX):
                pos = counts[d]
                counts[d] = total
                total += pos
            for i in range(m):
                d = (ksrc[i] >> shift) & (RADIX - 1)
                pos = counts[d]
                counts[d] = pos + 1
                kdst[pos] = ksrc[i]
                edst[pos] = esrc[i]
            kswap = ksrc; ksrc = kdst; kdst = kswap
            eswap = esrc; esrc = edst; edst = eswap
            shift += RADIX_BITS
        if esrc != eds:
            memcpy(eds, esrc, m * sizeof(_Edit))
    free(keys)
    free(tmp)
    return 0


cdef _boundary_error(Py_ssize_t offset, Py_ssize_t index):
    return Utf8BoundaryError(
        f"edit #{index} cuts at byte offset {offset}, inside a UTF-8 multi-byte character; "
        "edit offsets must fall on character boundaries (a tree-sitter node's "
        "start_byte/end_byte always do on valid input)",
        offset,
    )


def slice_bytes(data, edits):
    """Apply ``(start, end, replacement)`` edits to ``data``; see :func:`codepith.slice_bytes`."""
    cdef bytes src = data if type(data) is bytes else bytes(data)
    cdef const unsigned char* p = <const unsigned char*>PyBytes_AS_STRING(src)
    cdef Py_ssize_t n = PyBytes_GET_SIZE(src)
    cdef list items = edits if type(edits) is list else list(edits)
    cdef Py_ssize_t m = len(items)
    cdef list reps = [None] * m
    cdef _Edit* eds = <_Edit*>malloc((m if m > 0 else 1) * sizeof(_Edit))
    if eds == NULL:
        raise MemoryError()
    cdef Py_ssize_t i, k, start, end, cur_start, cur_end, pos, out_len, line, kept
    cdef Py_ssize_t prev_start, prev_end, prev_index
    cdef object edit, rep, s_obj, e_obj
    cdef bytes out
    cdef char* o
    cdef array starts, ends, start_lines, end_lines, out_starts, out_ends
    cdef int64_t* a_s
    cdef int64_t* a_e
    cdef int64_t* a_sl
    cdef int64_t* a_el
    cdef int64_t* a_os
    cdef int64_t* a_oe
    cdef Py_ssize_t* order = NULL
    try:
        for i in range(m):
            edit = items[i]
            if type(edit) is tuple and PyTuple_GET_SIZE(edit) == 3 \
                    and type(<object>PyTuple_GET_ITEM(edit, 0)) is int \
                    and type(<object>PyTuple_GET_ITEM(edit, 1)) is int:
                # fast path: a (int, int, replacement) tuple
                s_obj = <object>PyTuple_GET_ITEM(edit, 0)
                e_obj = <object>PyTuple_GET_ITEM(edit, 1)
                rep = <object>PyTuple_GET_ITEM(edit, 2)
            else:
                try:
                    s_obj, e_obj, rep = edit
                    s_obj = PyNumber_Index(s_obj)
                    e_obj = PyNumber_Index(e_obj)
                except (TypeError, ValueError):
                    raise TypeError(
                        f"edit #{i} must be a (start, end, replacement) tuple, got {edit!r}"
                    ) from None
            if type(rep) is not bytes:
                if not isinstance(rep, (bytes, bytearray, memoryview)):
                    raise TypeError(
                        f"edit #{i}: replacement must be bytes, got {type(rep).__name__}; "
                        "encode text with .encode('utf-8')"
                    )
                rep = bytes(rep)
            try:
                start = s_obj
                end = e_obj
            except OverflowError:
                start = end = -1
            if start < 0 or end > n or start > end:
                raise EditRangeError(
                    f"edit #{i} ({s_obj}, {e_obj}) is out of range for {n} bytes of data "
                    "(need 0 <= start <= end <= len(data))"
                )
            if _utf8_inside(p, n, start):
                raise _boundary_error(start, i)
            if end != start and _utf8_inside(p, n, end):
                raise _boundary_error(end, i)
            eds[i].start = start
            eds[i].end = end
            eds[i].index = i
            reps[i] = rep

        if _sort_edits(eds, m, n) < 0:
            raise MemoryError()

        order = <Py_ssize_t*>malloc((m if m > 0 else 1) * sizeof(Py_ssize_t))
        if order == NULL:
            raise MemoryError()
        kept = 0
        cur_start = -1
        cur_end = 0
        prev_start = -1
        prev_end = -1
        prev_index = -1
        out_len = 0
        pos = 0
        for k in range(m):
            start = eds[k].start
            end = eds[k].end
            i = eds[k].index
            if start == prev_start and end == prev_end:
                if reps[prev_index] != reps[i]:
                    raise EditOverlapError(
                        f"edits #{prev_index} and #{i} replace the same range ({start}, {end}) "
                        "with different bytes"
                    )
                continue
            prev_start = start
            prev_end = end
            prev_index = i
            if start == end:
                if start < cur_end and start > cur_start:
                    continue
            elif start >= cur_end:
                cur_start = start
                cur_end = end
            elif end <= cur_end:
                continue
            else:
                raise EditOverlapError(
                    f"edit #{i} ({start}, {end}) overlaps the edit ({cur_start}, {cur_end}) "
                    "without being nested in it"
                )
            order[kept] = k
            kept += 1
            out_len += (start - pos) + PyBytes_GET_SIZE(<bytes>reps[i])
            pos = end
        out_len += n - pos

        starts = clone(_Q, kept, False)
        ends = clone(_Q, kept, False)
        start_lines = clone(_Q, kept, False)
        end_lines = clone(_Q, kept, False)
        out_starts = clone(_Q, kept, False)
        out_ends = clone(_Q, kept, False)
        a_s = <int64_t*>starts.data.as_voidptr
        a_e = <int64_t*>ends.data.as_voidptr
        a_sl = <int64_t*>start_lines.data.as_voidptr
        a_el = <int64_t*>end_lines.data.as_voidptr
        a_os = <int64_t*>out_starts.data.as_voidptr
        a_oe = <int64_t*>out_ends.data.as_voidptr

        out = PyBytes_FromStringAndSize(NULL, out_len)
        o = PyBytes_AS_STRING(out)
        pos = 0
        out_len = 0
        line = 1
        for k in range(kept):
            start = eds[order[k]].start
            end = eds[order[k]].end
            rep = reps[eds[order[k]].index]
            memcpy(o + out_len, p + pos, start - pos)
            out_len += start - pos
            line += _count_nl(p, pos, start)
            a_s[k] = start
            a_e[k] = end
            a_sl[k] = line
            if end > start:
                a_el[k] = line + _count_nl(p, start, end - 1)
                line = a_el[k] + (p[end - 1] == 10)
            else:
                a_el[k] = line
            a_os[k] = out_len
            memcpy(o + out_len, PyBytes_AS_STRING(<bytes>rep), PyBytes_GET_SIZE(<bytes>rep))
            out_len += PyBytes_GET_SIZE(<bytes>rep)
            a_oe[k] = out_len
            pos = end
        memcpy(o + out_len, p + pos, n - pos)
    finally:
        free(eds)
        if order != NULL:
            free(order)
    return Sliced(out, src, starts, ends, start_lines, end_lines, out_starts, out_ends)


cdef class LineIndex:
    """Maps byte offsets to 1-based line numbers (lines end at ``\\n``)."""

    cdef array _starts
    cdef Py_ssize_t _size
    cdef readonly Py_ssize_t line_count

    def __init__(self, data):
        cdef bytes src = data if type(data) is bytes else bytes(data)
        cdef const unsigned char* p = <const unsigned char*>PyBytes_AS_STRING(src)
        cdef Py_ssize_t n = PyBytes_GET_SIZE(src)
        cdef Py_ssize_t count = _count_nl(p, 0, n)
        cdef array starts = clone(_Q, count + 1, False)
        cdef int64_t* s = <int64_t*>starts.data.as_voidptr
        cdef const unsigned char* q = p
        cdef const unsigned char* e = p + n
        cdef Py_ssize_t k = 1
        s[0] = 0
        while k <= count:
            q = <const unsigned char*>memchr(q, 10, e - q)
            s[k] = (q - p) + 1
            q += 1
            k += 1
        self._starts = starts
        self._size = n
        self.line_count = count + 1 - (1 if s[count] == n else 0)

    cpdef Py_ssize_t line_of(self, Py_ssize_t byte_offset) except -1:
        """1-based line of ``byte_offset`` (0 <= offset <= len(data))."""
        if byte_offset < 0 or byte_offset > self._size:
            raise EditRangeError(
                f"byte offset {byte_offset} is out of range for {self._size} bytes of data"
            )
        cdef const int64_t* s = <const int64_t*>self._starts.data.as_voidptr
        cdef Py_ssize_t lo = 0
        cdef Py_ssize_t hi = len(self._starts)
        cdef Py_ssize_t mid
        while lo < hi:  # bisect_right
            mid = (lo + hi) >> 1
            if byte_offset < s[mid]:
                hi = mid
            else:
                lo = mid + 1
        return lo

    def line_start(self, Py_ssize_t line):
        """Byte offset where 1-based ``line`` starts."""
        if line < 1 or line > len(self._starts):
            raise EditRangeError(f"line {line} is out of range (1..{len(self._starts)})")
        return self._starts[line - 1]

    def __repr__(self):
        return f"<LineIndex {self.line_count} lines>"


def line_index(data):
    """Build a :class:`LineIndex` over ``data``."""
    return LineIndex(data)


def longest_line(data):
    """Length in bytes of the longest line of ``data`` (without its ``\\n``)."""
    cdef bytes src = data if type(data) is bytes else bytes(data)
    cdef const unsigned char* p = <const unsigned char*>PyBytes_AS_STRING(src)
    cdef Py_ssize_t n = PyBytes_GET_SIZE(src)
    cdef const unsigned char* q = p
    cdef const unsigned char* e = p + n
    cdef const unsigned char* nl
    cdef Py_ssize_t longest = 0
    with nogil:
        while True:
            nl = <const unsigned char*>memchr(q, 10, e - q)
            if nl == NULL:
                if e - q > longest:
                    longest = e - q
                break
            if nl - q > longest:
                longest = nl - q
            q = nl + 1
    return longest
