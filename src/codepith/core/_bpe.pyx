# cython: language_level=3
"""Native exact token counter (Cython). Twin of ``_bpe_py``: same names,
signatures and counts. ASCII spans are split into pieces and byte-pair merged
here, against a C hash of the ranks built once per encoding; spans holding a
non-ASCII byte go to tiktoken whole, cut only where the pre-tokenizer always
cuts (see ``_bpe_py._is_cut`` for the proof of each rule)."""

from cpython.bytes cimport PyBytes_AS_STRING, PyBytes_FromStringAndSize, PyBytes_GET_SIZE
from libc.stdint cimport int32_t, uint32_t, uint64_t
from libc.stdlib cimport free, malloc, calloc
from libc.string cimport memcmp, memcpy

from .tokens import get_encoding

__all__ = ["count", "count_utf8", "IMPLEMENTATION"]

IMPLEMENTATION = "cython"

# character classes of ASCII bytes (and one flag for every byte >= 0x80)
DEF C_UP = 1
DEF C_LO = 2
DEF C_DIG = 4
DEF C_WS = 8
DEF C_NL = 16
DEF C_PUN = 32
DEF C_HI = 64
DEF C_LET = 3

cdef unsigned char CLS[256]


cdef void _init_classes():
    cdef int c
    for c in range(256):
        if c >= 0x80:
            CLS[c] = C_HI
        elif 0x41 <= c <= 0x5A:
            CLS[c] = C_UP
        elif 0x61 <= c <= 0x7A:
            CLS[c] = C_LO
        elif 0x30 <= c <= 0x39:
            CLS[c] = C_DIG
        elif c == 0x0A or c == 0x0D:
            CLS[c] = C_WS | C_NL
        elif c == 0x20 or c == 0x09 or c == 0x0B or c == 0x0C:
            CLS[c] = C_WS
        else:
            CLS[c] = C_PUN


_init_classes()


cdef inline uint64_t _hash(const unsigned char* p, Py_ssize_t n) noexcept nogil:
    # eight bytes at a time; exactness never depends on it (every hit is
    # compared byte for byte), only the probe lengths do
    cdef uint64_t h = <uint64_t>n * 0x9E3779B97F4A7C15ULL
    cdef uint64_t w
    cdef Py_ssize_t i = 0
    while i + 8 <= n:
        memcpy(&w, p + i, 8)
        h = (h ^ w) * 0xFF51AFD7ED558CCDULL
        h ^= h >> 32
        i += 8
    if i < n:
        w = 0
        while i < n:  # the tail, without a call
            w = (w << 8) | p[i]
            i += 1
        h = (h ^ w) * 0xC4CEB9FE1A85EC53ULL
    h ^= h >> 29
    h *= 0xBF58476D1CE4E5B9ULL
    return h ^ (h >> 32)


DEF CACHE_SLOTS = 8192
# pieces longer than this are merged by tiktoken's own single-piece BPE: the
# merge loop here is quadratic in the piece's length, tiktoken's is not
DEF LONG_PIECE = 128
DEF CACHE_BYTES = 24

ctypedef struct _CacheEntry:
    uint64_t hash
    int32_t length   # 0: empty
    int32_t count
    unsigned char text[CACHE_BYTES]


cdef inline bint _same(const unsigned char* a, const unsigned char* b, Py_ssize_t n) noexcept nogil:
    cdef Py_ssize_t i
    for i in range(n):
        if a[i] != b[i]:
            return False
    return True


cdef inline void _put(_CacheEntry* ce, uint64_t h, const unsigned char* p, Py_ssize_t n, Py_ssize_t count) noexcept nogil:
    cdef Py_ssize_t i
    ce.hash = h
    ce.length = <int32_t>n
    ce.count = <int32_t>count
    for i in range(n):
        ce.text[i] = p[i]


ctypedef struct _Entry:
    int32_t offset   # of the token's bytes in the arena
    int32_t length
    int32_t rank


cdef class _Ranks:
    """The ranks of one encoding as an open-addressing hash of byte strings,
    with a small cache of the token counts of recent multi-token pieces."""
    cdef unsigned char* arena
    cdef _Entry* entries
    cdef int32_t* table     # entry index + 1, 0: empty
    cdef uint64_t mask
    cdef Py_ssize_t size
    cdef _CacheEntry* cache
    cdef int32_t* parts     # scratch for merging
    cdef int32_t* pranks
    cdef Py_ssize_t scratch
    cdef object single_piece

    def __cinit__(self, dict mergeable, single_piece):
        cdef Py_ssize_t n = len(mergeable), total = 0, i = 0, slots = 1
        cdef bytes tok
        cdef uint64_t h
        for tok in mergeable:
            total += PyBytes_GET_SIZE(tok)
        while slots < 2 * n + 2:
            slots <<= 1
        self.arena = <unsigned char*>malloc(total + 1)
        self.entries = <_Entry*>malloc((n + 1) * sizeof(_Entry))
        self.table = <int32_t*>calloc(slots, sizeof(int32_t))
        self.cache = <_CacheEntry*>calloc(CACHE_SLOTS, sizeof(_CacheEntry))
        self.single_piece = single_piece
        self.scratch = 0
        self.parts = NULL
        self.pranks = NULL
        if not (self.arena and self.entries and self.table and self.cache):
            raise MemoryError()
        self.mask = slots - 1
        self.size = n
        total = 0
        for tok, rank in mergeable.items():
            self.entries[i].offset = total
            self.entries[i].length = PyBytes_GET_SIZE(tok)
            self.entries[i].rank = rank
            memcpy(self.arena + total, PyBytes_AS_STRING(tok), self.entries[i].length)
            h = _hash(self.arena + total, self.entries[i].length) & self.mask
            while self.table[h]:
                h = (h + 1) & self.mask
            self.table[h] = i + 1
            total += self.entries[i].length
            i += 1

    def __dealloc__(self):
        free(self.arena)
        free(self.entries)
        free(self.table)
        free(self.cache)
        free(self.parts)
        free(self.pranks)

    cdef inline int32_t rank(self, const unsigned char* p, Py_ssize_t n) noexcept nogil:
        return self.rank_h(p, n, _hash(p, n))

    cdef inline int32_t rank_h(self, const unsigned char* p, Py_ssize_t n, uint64_t h) noexcept nogil:
        cdef int32_t e
        cdef _Entry* en
        h &= self.mask
        while True:
            e = self.table[h]
            if e == 0:
                return -1
            en = &self.entries[e - 1]
            if en.length == n and memcmp(self.arena + en.offset, p, n) == 0:
                return en.rank
            h = (h + 1) & self.mask

    cdef Py_ssize_t merge_count(self, const unsigned char* p, Py_ssize_t n) except -1:
        """Tokens byte-pair merging makes of ``p[:n]``: the lowest rank
        first, the leftmost on ties (tiktoken's order)."""
        cdef Py_ssize_t i, m, best, slot
        cdef int32_t r, best_rank
        cdef uint64_t h
        cdef _CacheEntry* ce = NULL
        if n == 1:
            return 1
        h = _hash(p, n)
        if n <= CACHE_BYTES:
            ce = &self.cache[(h >> 20) & (CACHE_SLOTS - 1)]
            if ce.hash == h and ce.length == n and _same(ce.text, p, n):
                return ce.count
        if self.rank_h(p, n, h) >= 0:
            if ce is not NULL:
                _put(ce, h, p, n, 1)
            return 1
        if n > LONG_PIECE:
            return len(self.single_piece(PyBytes_FromStringAndSize(<const char*>p, n)))
        if n + 1 > self.scratch:
            free(self.parts)
            free(self.pranks)
            self.scratch = 2 * n + 2
            self.parts = <int32_t*>malloc(self.scratch * sizeof(int32_t))
            self.pranks = <int32_t*>malloc(self.scratch * sizeof(int32_t))
            if not self.parts or not self.pranks:
                self.scratch = 0
                raise MemoryError()
        cdef int32_t* parts = self.parts
        cdef int32_t* pr = self.pranks
        # parts[0..m] are the starts of the m current parts, parts[m] == n;
        # pr[i] is the rank of parts i and i+1 joined (-1: none)
        m = n
        for i in range(n + 1):
            parts[i] = i
        for i in range(n - 1):
            pr[i] = self.rank(p + i, 2)
        while m > 1:
            best = -1
            best_rank = 0
            for i in range(m - 1):
                r = pr[i]
                if r >= 0 and (best < 0 or r < best_rank):
                    best = i
                    best_rank = r
            if best < 0:
                break
            # join part best and best+1
            for i in range(best + 1, m):
                parts[i] = parts[i + 1]
            for i in range(best + 1, m - 1):
                pr[i] = pr[i + 1]
            m -= 1
            if best + 1 < m:
                pr[best] = self.rank(p + parts[best], parts[best + 2] - parts[best])
            else:
                pr[best] = -1
            if best > 0:
                pr[best - 1] = self.rank(p + parts[best - 1], parts[best + 1] - parts[best - 1])
        if ce is not NULL:
            _put(ce, h, p, n, m)
        return m


cdef dict _RANKS = {}


cdef _Ranks _ranks_for(str encoding):
    r = _RANKS.get(encoding)
    if r is None:
        enc = get_encoding(encoding)
        r = _RANKS[encoding] = _Ranks(enc._mergeable_ranks, enc._core_bpe.encode_single_piece)
    return <_Ranks>r


cdef inline Py_ssize_t _contraction(const unsigned char* b, Py_ssize_t k, Py_ssize_t n) noexcept nogil:
    cdef unsigned char x, y
    if k + 1 < n and b[k] == 0x27 and (CLS[b[k + 1]] & C_LET):
        x = b[k + 1] | 0x20
        if x == 0x73 or x == 0x74 or x == 0x6D or x == 0x64:  # s t m d
            return k + 2
        if k + 2 < n and (CLS[b[k + 2]] & C_LET):
            y = b[k + 2] | 0x20
            if (x == 0x72 and y == 0x65) or (x == 0x76 and y == 0x65) or (x == 0x6C and y == 0x6C):
                return k + 3
    return k


cdef Py_ssize_t _count_ascii(_Ranks ranks, const unsigned char* b, Py_ssize_t n, bint o200k) except -1:
    """Tokens of the ASCII text ``b[:n]`` (its end is the end of the text)."""
    cdef Py_ssize_t i = 0, k, q, end, last_nl, total = 0
    cdef unsigned char c, x, y, cl
    while i < n:
        c = b[i]
        cl = CLS[c]
        end = 0
        if not o200k and c == 0x27 and i + 1 < n and (CLS[b[i + 1]] & C_LET):
            x = b[i + 1] | 0x20
            if x == 0x73 or x == 0x64 or x == 0x6D or x == 0x74:
                end = i + 2
            elif i + 2 < n and (CLS[b[i + 2]] & C_LET):
                y = b[i + 2] | 0x20
                if (x == 0x6C and y == 0x6C) or (x == 0x76 and y == 0x65) or (x == 0x72 and y == 0x65):
                    end = i + 3
        if end:
            total += ranks.merge_count(b + i, end - i)
            i = end
            continue
        if (cl & C_LET) or (not (cl & (C_NL | C_DIG)) and i + 1 < n and (CLS[b[i + 1]] & C_LET)):
            k = i if (cl & C_LET) else i + 1
            if o200k:
                while k < n and (CLS[b[k]] & C_UP):
                    k += 1
                while k < n and (CLS[b[k]] & C_LO):
                    k += 1
                k = _contraction(b, k, n)
            else:
                while k < n and (CLS[b[k]] & C_LET):
                    k += 1
            end = k
        elif cl & C_DIG:
            k = i + 1
            while k < n and k < i + 3 and (CLS[b[k]] & C_DIG):
                k += 1
            end = k
        elif (cl & C_PUN) or (c == 0x20 and i + 1 < n and (CLS[b[i + 1]] & C_PUN)):
            k = i + 1
            while k < n and (CLS[b[k]] & C_PUN):
                k += 1
            if o200k:
                while k < n and ((CLS[b[k]] & C_NL) or b[k] == 0x2F):
                    k += 1
            else:
                while k < n and (CLS[b[k]] & C_NL):
                    k += 1
            end = k
        else:  # whitespace
            q = i + 1
            last_nl = i if (cl & C_NL) else -1
            while q < n and (CLS[b[q]] & C_WS):
                if CLS[b[q]] & C_NL:
                    last_nl = q
                q += 1
            if not o200k and q == n:
                end = n
            elif last_nl >= 0:
                end = last_nl + 1
            elif q == n:
                end = n
            elif q - i >= 2:
                end = q - 1
            else:
                end = i + 1
        total += ranks.merge_count(b + i, end - i)
        i = end
    return total


cdef inline bint _is_cut(const unsigned char* b, Py_ssize_t p, Py_ssize_t n) noexcept nogil:
    cdef unsigned char c = b[p], prev = b[p - 1]
    cdef Py_ssize_t k
    if c == 0x20:
        return prev < 0x80 and not (CLS[prev] & C_WS)
    if prev != 0x0A or c == 0x0D or c == 0x0A or c == 0x2F:
        return False
    k = p
    while k < n and (b[k] == 0x20 or b[k] == 0x09 or b[k] == 0x0B or b[k] == 0x0C):
        k += 1
    return k < n and b[k] < 0x80 and not (CLS[b[k]] & C_WS)


def count_utf8(bytes data, *, str encoding="o200k_base"):
    """Exact token count of ``data``, which must be valid UTF-8."""
    cdef _Ranks ranks = _ranks_for(encoding)
    cdef bint o200k = encoding == "o200k_base"
    cdef const unsigned char* b = <const unsigned char*>PyBytes_AS_STRING(data)
    cdef Py_ssize_t n = PyBytes_GET_SIZE(data), pos = 0, i = 0, a, e, total = 0
    encode = None
    while i < n:
        if b[i] < 0x80:
            i += 1
            continue
        a = i
        while a > pos and not _is_cut(b, a, n):
            a -= 1
        e = i + 1
        while e < n and not (b[e] < 0x80 and b[e - 1] < 0x80 and _is_cut(b, e, n)):
            e += 1
        if a > pos:
            total += _count_ascii(ranks, b + pos, a - pos, o200k)
        if encode is None:
            encode = get_encoding(encoding)._core_bpe.encode_ordinary
        total += len(encode(data[a:e].decode("utf-8")))
        pos = i = e
    if pos < n:
        total += _count_ascii(ranks, b + pos, n - pos, o200k)
    return total


def count(text, *, str encoding="o200k_base"):
    """Exact ``len(get_encoding(encoding).encode_ordinary(text))``: ``text``
    is str or bytes (bytes that are not UTF-8 are tokenized as raw bytes, as
    ``count_tokens`` does)."""
    cdef bytes data
    if isinstance(text, str):
        if (<str>text).isascii():
            data = (<str>text).encode("ascii")
            return _count_ascii(_ranks_for(encoding), <const unsigned char*>PyBytes_AS_STRING(data),
                                PyBytes_GET_SIZE(data), encoding == "o200k_base")
        try:
            data = (<str>text).encode("utf-8")
        except UnicodeEncodeError:  # lone surrogates: tiktoken's own handling
            return len(get_encoding(encoding).encode_ordinary(text))
        return count_utf8(data, encoding=encoding)
    data = bytes(text)
    if data.isascii():
        return _count_ascii(_ranks_for(encoding), <const unsigned char*>PyBytes_AS_STRING(data),
                            PyBytes_GET_SIZE(data), encoding == "o200k_base")
    try:
        data.decode("utf-8")
    except UnicodeDecodeError:
        return len(get_encoding(encoding)._encode_bytes(data))
    return count_utf8(data, encoding=encoding)
