# cython: language_level=3
"""Native needle search (Cython): which of a few short literals occur in a
text's bytes, in one pass. Twin of ``_needles_py``: same names, signatures
and errors; bytes in, bytes out."""

from cpython.bytes cimport PyBytes_AS_STRING, PyBytes_GET_SIZE
from libc.stdlib cimport free, malloc
from libc.string cimport memcmp, memset

from ._needles_py import _check  # (the same checks, so the same errors, as the twin)

__all__ = ["find_needles", "IMPLEMENTATION"]

IMPLEMENTATION = "cython"


cdef inline unsigned char _lower(unsigned char c) noexcept nogil:
    return c + 32 if 65 <= c <= 90 else c


cdef bint _folded_at(const unsigned char* p, const unsigned char* needle, Py_ssize_t n) noexcept nogil:
    cdef Py_ssize_t j
    for j in range(n):
        if _lower(p[j]) != needle[j]:
            return False
    return True


cdef tuple _cases(unsigned char c, bint fold):
    # the bytes that match ``c``: itself, and its upper case when it is a folded letter
    if fold and 97 <= c <= 122:
        return (c, c - 32)
    return (c,)


def find_needles(data, needles, folded):
    """One byte per needle of ``needles``: 1 when it occurs in ``data``, else 0.
    A needle whose byte in ``folded`` is 1 is matched ignoring ASCII case (it
    is given in ASCII lower case); the others exactly, byte for byte. No
    needle is empty. One pass over ``data`` in the compiled module."""
    _check(needles, folded)
    cdef bytes src = data if type(data) is bytes else bytes(data)
    cdef const unsigned char* p = <const unsigned char*>PyBytes_AS_STRING(src)
    cdef Py_ssize_t n = PyBytes_GET_SIZE(src)
    cdef Py_ssize_t m = len(needles)
    cdef list kept = [bytes(x) for x in needles]  # (alive while the pointers are read)
    cdef bytes flags = bytes(folded)
    cdef const unsigned char* fold = <const unsigned char*>PyBytes_AS_STRING(flags)
    out = bytearray(m)
    cdef unsigned char[:] found = out
    if m == 0 or n == 0:
        return bytes(out)
    cdef const unsigned char** text = <const unsigned char**>malloc(m * sizeof(const unsigned char*))
    cdef Py_ssize_t* size = <Py_ssize_t*>malloc(m * sizeof(Py_ssize_t))
    # the needles that may start at a byte, by its value: a bucket each (counts, then the lists)
    cdef Py_ssize_t* start = <Py_ssize_t*>malloc(257 * sizeof(Py_ssize_t))
    cdef Py_ssize_t* order = <Py_ssize_t*>malloc(2 * m * sizeof(Py_ssize_t))
    # the pairs of bytes a needle may start with, a bit each: most positions are passed on one test
    cdef unsigned char* pairs = <unsigned char*>malloc(8192)
    cdef Py_ssize_t i, j, k, b, c, left = m
    cdef unsigned char first
    if text == NULL or size == NULL or start == NULL or order == NULL or pairs == NULL:
        free(text); free(size); free(start); free(order); free(pairs)
        raise MemoryError()
    try:
        for i in range(m):
            text[i] = <const unsigned char*>PyBytes_AS_STRING(kept[i])
            size[i] = PyBytes_GET_SIZE(kept[i])
        for b in range(257):
            start[b] = 0
        for i in range(m):
            first = text[i][0]
            start[first + 1] += 1
            if fold[i] and 97 <= first <= 122:
                start[first - 32 + 1] += 1
        for b in range(256):
            start[b + 1] += start[b]
        memset(pairs, 0, 8192)
        for i in range(m):
            for b in _cases(text[i][0], fold[i]):
                if size[i] == 1:
                    memset(pairs + (b << 5), 0xFF, 32)
                    continue
                for c in _cases(text[i][1], fold[i]):
                    pairs[(b << 5) | (c >> 3)] |= 1 << (c & 7)
        fill = [0] * 256
        for i in range(m):
            first = text[i][0]
            order[start[first] + fill[first]] = i
            fill[first] += 1
            if fold[i] and 97 <= first <= 122:
                order[start[first - 32] + fill[first - 32]] = i
                fill[first - 32] += 1
        with nogil:
            for j in range(n):
                b = p[j]
                if j + 1 < n and not (pairs[(b << 5) | (p[j + 1] >> 3)] >> (p[j + 1] & 7)) & 1:
                    continue
                for k in range(start[b], start[b + 1]):
                    i = order[k]
                    if found[i] or size[i] > n - j:
                        continue
                    if (_folded_at(p + j, text[i], size[i]) if fold[i] else memcmp(p + j, text[i], size[i]) == 0):
                        found[i] = 1
                        left -= 1
                if left == 0:
                    break
    finally:
        free(text); free(size); free(start); free(order); free(pairs)
    return bytes(out)

