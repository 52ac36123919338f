# cython: language_level=3
"""Native exact token counter (Cython). Twin of ``_bpe_py``: same names,
signatures and counts, and the algorithm ``_bpe_py.reference_count`` spells
out in plain Python. Text is split into pieces by each encoding's pattern,
character classes coming from the generated tables (``_unicode_classes``),
and each piece is byte-pair merged here against C hashes of the ranks built
once per encoding. Around a character whose class the tables do not agree on
the text goes to tiktoken, cut only where the pre-tokenizer always cuts (see
``_bpe_py._is_cut`` for the proof of each rule)."""

from cpython.bytes cimport PyBytes_AS_STRING, PyBytes_FromStringAndSize, PyBytes_GET_SIZE
from libc.stdint cimport int32_t, int64_t, uint32_t, uint64_t
from libc.stdlib cimport free, malloc, calloc
from libc.string cimport memchr, memcmp, memcpy, memset

from ._tiktoken import bytes_count, ordinary_count
from ._unicode_classes import RUNS
from .encodings import get_encoding, ranks_file

__all__ = ["count", "count_utf8", "dump_tables", "tables_path", "tables_source", "tables_accepted", "IMPLEMENTATION"]

IMPLEMENTATION = "cython"

# character classes (the same bits as tools/gen_unicode_classes.py): the
# o200k word sets [\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}] (UP) and
# [\p{Ll}\p{Lm}\p{Lo}\p{M}] (LO), \p{N}, \s, [\r\n], [^\s\p{L}\p{N}],
# \p{L}, and code points whose class the tables do not agree on
DEF C_UP = 1
DEF C_LO = 2
DEF C_DIG = 4
DEF C_WS = 8
DEF C_NL = 16
DEF C_PUN = 32
DEF C_LET = 64
DEF C_UNK = 128
DEF N_CODE_POINTS = 0x110000

# pending inserts into the short table while their slots are fetched from memory
DEF PENDING = 16

cdef extern from *:
    """
    #if defined(__GNUC__) || defined(__clang__)
    #define CODEPITH_PREFETCH(p) __builtin_prefetch((p), 1)
    #else
    #define CODEPITH_PREFETCH(p) ((void)0)
    #endif
    """
    void CODEPITH_PREFETCH(const void* p) noexcept nogil

cdef unsigned char CLS[128]
cdef unsigned char* UCLS = NULL   # one class per code point


cdef void _init_classes() except *:
    global UCLS
    cdef int c
    cdef Py_ssize_t i, cp, stop
    for c in range(128):
        if 0x41 <= c <= 0x5A:
            CLS[c] = C_UP | C_LET
        elif 0x61 <= c <= 0x7A:
            CLS[c] = C_LO | C_LET
        elif 0x30 <= c <= 0x39:
            CLS[c] = C_DIG
        elif c == 0x0A or c == 0x0D:
            CLS[c] = C_WS | C_NL
        elif c == 0x20 or c == 0x09 or c == 0x0B or c == 0x0C:
            CLS[c] = C_WS
        else:
            CLS[c] = C_PUN
    UCLS = <unsigned char*>malloc(N_CODE_POINTS)
    if UCLS is NULL:
        raise MemoryError()
    for i in range(len(RUNS)):
        cp = RUNS[i][0]
        stop = RUNS[i + 1][0] if i + 1 < len(RUNS) else N_CODE_POINTS
        memset(UCLS + cp, <unsigned char>RUNS[i][1], stop - cp)
    for c in range(128):
        if UCLS[c] != CLS[c]:
            raise RuntimeError("codepith: _unicode_classes disagrees with the ASCII classes at %d" % c)


_init_classes()


cdef inline unsigned char _cls(const unsigned char* b, Py_ssize_t i, Py_ssize_t* w) noexcept nogil:
    """The class of the character at ``b[i]`` (valid UTF-8) and its width."""
    cdef unsigned char c = b[i]
    if c < 0x80:
        w[0] = 1
        return CLS[c]
    if c < 0xE0:
        w[0] = 2
        return UCLS[((c & 0x1F) << 6) | (b[i + 1] & 0x3F)]
    if c < 0xF0:
        w[0] = 3
        return UCLS[((c & 0x0F) << 12) | ((b[i + 1] & 0x3F) << 6) | (b[i + 2] & 0x3F)]
    w[0] = 4
    return UCLS[((c & 0x07) << 18) | ((b[i + 1] & 0x3F) << 12) | ((b[i + 2] & 0x3F) << 6) | (b[i + 3] & 0x3F)]


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
# pieces longer than this are merged with a heap (_merge_long): the simple
# merge loop is quadratic in the piece's length
DEF LONG_PIECE = 128
# the longest token a ranks file may hold (o200k_base's is 128 bytes)
DEF MAX_TOKEN = 1024
DEF CACHE_BYTES = 24
DEF RECENT_BITS = 14
DEF RECENT_SLOTS = 1 << RECENT_BITS

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


ctypedef struct _Short:
    uint64_t key     # a token of at most 8 bytes, packed by _pack
    int32_t length   # 0: empty
    int32_t rank


cdef inline uint64_t _pack(const unsigned char* p, Py_ssize_t n) noexcept nogil:
    """The ``n`` <= 8 bytes at ``p`` as one integer (first byte lowest)."""
    cdef uint64_t k = 0
    while n > 0:
        n -= 1
        k = (k << 8) | p[n]
    return k


cdef inline uint64_t _mix(uint64_t key, Py_ssize_t n) noexcept nogil:
    cdef uint64_t h = (key ^ (<uint64_t>n << 59)) * 0x9E3779B97F4A7C15ULL
    return h ^ (h >> 31)


cdef class _Ranks:
    """The ranks of one encoding: tokens of at most 8 bytes in a table that
    holds their bytes inline (one memory access a lookup), longer ones in an
    open-addressing hash over an arena; and a small cache of the token
    counts of recent multi-token pieces."""
    cdef _Short* short
    cdef uint64_t short_mask
    cdef _Short* recent     # direct-mapped: token counts of recent short pieces
    cdef unsigned char* arena
    cdef _Entry* entries
    cdef int32_t* table     # entry index + 1, 0: empty
    cdef uint64_t mask
    cdef _CacheEntry* cache
    cdef int32_t* parts     # scratch for merging
    cdef int32_t* pranks
    cdef Py_ssize_t scratch
    cdef Py_ssize_t n_long, arena_size
    cdef bint owned         # the tables are this object's (else: in ``shipped``'s memory)
    cdef object shipped     # the mapped tables file the tables point into

    def __cinit__(self, bytes ranks_file=None, object shipped=None):
        """Tables from the ranks file (one base64 token and its rank a line),
        read here without making a Python object per token; or, with
        ``shipped``, the tables of a file :func:`dump_tables` wrote (mapped,
        checked by :func:`_load_shipped`)."""
        self.owned = shipped is None
        self.shipped = shipped
        if shipped is not None:
            self.recent = <_Short*>calloc(RECENT_SLOTS, sizeof(_Short))
            self.cache = <_CacheEntry*>calloc(CACHE_SLOTS, sizeof(_CacheEntry))
            if not (self.recent and self.cache):
                raise MemoryError()
            return
        cdef const unsigned char* f = <const unsigned char*>PyBytes_AS_STRING(ranks_file)
        cdef Py_ssize_t size = PyBytes_GET_SIZE(ranks_file), pos, n_short = 0, n_long = 0, total = 0
        cdef Py_ssize_t short_slots = 1, slots = 1, length, i = 0, arena_size
        cdef unsigned char tok[MAX_TOKEN]
        cdef int32_t rank
        # short tokens wait in a ring while their slot's memory is prefetched:
        # the table is megabytes, and one insert after another would each
        # wait for a cache miss
        cdef uint64_t pkey[PENDING]
        cdef uint64_t ph[PENDING]
        cdef int32_t plen[PENDING]
        cdef int32_t prank[PENDING]
        cdef Py_ssize_t pending = 0, head = 0, slot
        cdef uint64_t key, h
        # first pass: how many tokens of each kind, and the long ones' bytes,
        # from each line's length (base64 is decoded, and checked, once: below)
        pos = 0
        while pos < size:
            pos = _ranks_line_length(f, size, pos, &length)
            if length > 8:
                n_long += 1
                total += length
            elif length > 0:
                n_short += 1
        while short_slots < 2 * n_short + 2:
            short_slots <<= 1
        while slots < 2 * n_long + 2:
            slots <<= 1
        self.short = <_Short*>calloc(short_slots, sizeof(_Short))
        self.recent = <_Short*>calloc(RECENT_SLOTS, sizeof(_Short))
        arena_size = total
        self.arena = <unsigned char*>malloc(total + 1)
        self.entries = <_Entry*>malloc((n_long + 1) * sizeof(_Entry))
        self.table = <int32_t*>calloc(slots, sizeof(int32_t))
        self.cache = <_CacheEntry*>calloc(CACHE_SLOTS, sizeof(_CacheEntry))
        self.scratch = 0
        self.parts = NULL
        self.pranks = NULL
        if not (self.short and self.recent and self.arena and self.entries and self.table and self.cache):
            raise MemoryError()
        self.short_mask = short_slots - 1
        self.mask = slots - 1
        self.n_long = n_long
        self.arena_size = arena_size
        short_slots = n_short
        slots = n_long
        total = 0
        pos = 0
        while pos < size:
            pos = _ranks_line(f, size, pos, tok, &length, &rank)
            if length > 8:
                slots -= 1
                if slots < 0 or total + length > arena_size:
                    raise ValueError("codepith: the ranks file is not one base64 token and a rank a line")
                self._add_long(tok, length, rank, i, total)
                total += length
                i += 1
            elif length > 0:
                short_slots -= 1
                if short_slots < 0:
                    raise ValueError("codepith: the ranks file is not one base64 token and a rank a line")
                key = _pack(tok, length)
                h = _mix(key, length) & self.short_mask
                CODEPITH_PREFETCH(&self.short[h])
                if pending == PENDING:
                    self._put_short(pkey[head], ph[head], plen[head], prank[head])
                    slot = head
                    head = (head + 1) % PENDING
                else:
                    slot = (head + pending) % PENDING
                    pending += 1
                pkey[slot] = key
                ph[slot] = h
                plen[slot] = <int32_t>length
                prank[slot] = rank
        while pending > 0:
            self._put_short(pkey[head], ph[head], plen[head], prank[head])
            head = (head + 1) % PENDING
            pending -= 1

    cdef inline void _put_short(self, uint64_t key, uint64_t h, int32_t length, int32_t rank) noexcept:
        """Store a token of at most 8 bytes (``key``, see _pack) from its slot ``h`` on."""
        while self.short[h].length:
            h = (h + 1) & self.short_mask
        self.short[h].key = key
        self.short[h].length = length
        self.short[h].rank = rank

    cdef void _add_long(self, const unsigned char* t, Py_ssize_t length, int32_t rank, Py_ssize_t i,
                        Py_ssize_t offset) noexcept:
        cdef uint64_t h
        self.entries[i].offset = <int32_t>offset
        self.entries[i].length = <int32_t>length
        self.entries[i].rank = rank
        memcpy(self.arena + offset, t, length)
        h = _hash(t, length) & self.mask
        while self.table[h]:
            h = (h + 1) & self.mask
        self.table[h] = <int32_t>(i + 1)

    def __dealloc__(self):
        if self.owned:
            free(self.short)
            free(self.arena)
            free(self.entries)
            free(self.table)
        free(self.recent)
        free(self.cache)
        free(self.parts)
        free(self.pranks)

    cdef inline int32_t short_rank(self, uint64_t key, Py_ssize_t n) noexcept nogil:
        cdef uint64_t h = _mix(key, n) & self.short_mask
        cdef _Short* s
        while True:
            s = &self.short[h]
            if s.length == 0:
                return -1
            if s.key == key and s.length == n:
                return s.rank
            h = (h + 1) & self.short_mask

    cdef inline int32_t rank(self, const unsigned char* p, Py_ssize_t n) noexcept nogil:
        if n <= 8:
            return self.short_rank(_pack(p, n), n)
        return self.rank_h(p, n, _hash(p, n))

    cdef inline int32_t rank_h(self, const unsigned char* p, Py_ssize_t n, uint64_t h) noexcept nogil:
        """The rank of a token longer than 8 bytes whose _hash is ``h``."""
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
        """Tokens byte-pair merging makes of ``p[:n]``. Pieces of at most 8
        bytes (most of them) are looked up in a direct-mapped table of recent
        pieces small enough to stay in the CPU's cache, then in the ranks;
        longer ones in the cache of recent pieces, then in the ranks."""
        cdef uint64_t h, key
        cdef _Short* recent
        cdef _CacheEntry* ce = NULL
        cdef Py_ssize_t m
        if n == 1:
            return 1
        if n <= 8:
            key = _pack(p, n)
            recent = &self.recent[_mix(key, n) >> (64 - RECENT_BITS)]
            if recent.key == key and recent.length == n:
                return recent.rank
            m = 1 if self.short_rank(key, n) >= 0 else self._merge(p, n)
            recent.key = key
            recent.length = <int32_t>n
            recent.rank = <int32_t>m
            return m
        h = _hash(p, n)
        if n <= CACHE_BYTES:
            ce = &self.cache[(h >> 20) & (CACHE_SLOTS - 1)]
            if ce.hash == h and ce.length == n and _same(ce.text, p, n):
                return ce.count
        if self.rank_h(p, n, h) >= 0:
            m = 1
        elif n > LONG_PIECE:
            m = self._merge_long(p, n)
        else:
            m = self._merge(p, n)
        if ce is not NULL:
            _put(ce, h, p, n, m)
        return m

    cdef Py_ssize_t _merge(self, const unsigned char* p, Py_ssize_t n) except -1:
        """Byte-pair merging of ``p[:n]`` (not a token, n <= LONG_PIECE):
        the lowest rank first, the leftmost on ties (tiktoken's order)."""
        cdef Py_ssize_t i, m, best
        cdef int32_t r, best_rank
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
        return m


    cdef Py_ssize_t _merge_long(self, const unsigned char* p, Py_ssize_t n) except -1:
        """``_merge`` for long pieces, in O(n log n): the candidate pairs in a
        min-heap keyed by (rank, start), so the lowest rank and the leftmost
        on ties come first, as in ``_merge``; entries made stale by a merge
        are skipped when they come up."""
        cdef int32_t* nxt = <int32_t*>malloc((n + 1) * sizeof(int32_t))
        cdef int32_t* prv = <int32_t*>malloc((n + 1) * sizeof(int32_t))
        cdef int32_t* cur = <int32_t*>malloc((n + 1) * sizeof(int32_t))   # rank of the pair starting here, -1 none, -2 not a part
        cdef uint64_t* heap = <uint64_t*>malloc((3 * n + 1) * sizeof(uint64_t))
        cdef Py_ssize_t size = 0, m = n, i, j, k, h
        cdef uint64_t top
        cdef int32_t r
        if not (nxt and prv and cur and heap):
            free(nxt); free(prv); free(cur); free(heap)
            raise MemoryError()
        for i in range(n):
            nxt[i] = <int32_t>(i + 1)
            prv[i] = <int32_t>(i - 1)
            cur[i] = self.rank(p + i, 2) if i + 1 < n else -1
            if cur[i] >= 0:
                size = _heap_push(heap, size, (<uint64_t>cur[i] << 32) | <uint64_t>i)
        while size:
            top = heap[0]
            size = _heap_pop(heap, size)
            r = <int32_t>(top >> 32)
            i = <Py_ssize_t>(top & 0xFFFFFFFFULL)
            if cur[i] != r:
                continue  # stale
            j = nxt[i]
            k = nxt[j]
            nxt[i] = <int32_t>k
            if k < n:
                prv[k] = <int32_t>i
            cur[j] = -2
            m -= 1
            cur[i] = self.rank(p + i, nxt[k] - i) if k < n else -1
            if cur[i] >= 0:
                size = _heap_push(heap, size, (<uint64_t>cur[i] << 32) | <uint64_t>i)
            h = prv[i]
            if h >= 0:
                cur[h] = self.rank(p + h, k - h)
                if cur[h] >= 0:
                    size = _heap_push(heap, size, (<uint64_t>cur[h] << 32) | <uint64_t>h)
        free(nxt); free(prv); free(cur); free(heap)
        return m


cdef inline Py_ssize_t _heap_push(uint64_t* heap, Py_ssize_t size, uint64_t v) noexcept nogil:
    cdef Py_ssize_t i = size, parent
    while i > 0:
        parent = (i - 1) >> 1
        if heap[parent] <= v:
            break
        heap[i] = heap[parent]
        i = parent
    heap[i] = v
    return size + 1


cdef inline Py_ssize_t _heap_pop(uint64_t* heap, Py_ssize_t size) noexcept nogil:
    """Remove the smallest entry (``heap[0]``); the new size."""
    cdef Py_ssize_t i = 0, child
    cdef uint64_t v
    size -= 1
    if size == 0:
        return 0
    v = heap[size]
    while True:
        child = 2 * i + 1
        if child >= size:
            break
        if child + 1 < size and heap[child + 1] < heap[child]:
            child += 1
        if v <= heap[child]:
            break
        heap[i] = heap[child]
        i = child
    heap[i] = v
    return size


cdef signed char B64[256]


cdef void _init_base64() noexcept:
    cdef int c
    cdef bytes alphabet = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
    for c in range(256):
        B64[c] = -1
    for c in range(64):
        B64[alphabet[c]] = c


_init_base64()


cdef Py_ssize_t _ranks_line_length(const unsigned char* f, Py_ssize_t size, Py_ssize_t pos,
                                   Py_ssize_t* length) noexcept:
    """The decoded length of the token on the line at ``pos`` of a ranks file
    (0 for a line without a rank), from its base64 characters alone; the
    position after the line. :func:`_ranks_line` decodes and checks it."""
    cdef const unsigned char* nl = <const unsigned char*>memchr(f + pos, 0x0A, size - pos)
    cdef Py_ssize_t end = (nl - f) if nl is not NULL else size, sp = end, chars
    while sp > pos and f[sp - 1] != 0x20:
        sp -= 1
    length[0] = 0
    if sp > pos:
        chars = sp - 1 - pos
        while chars > 0 and f[pos + chars - 1] == 0x3D:  # '=' padding
            chars -= 1
        length[0] = chars * 6 // 8
    return end + 1


cdef Py_ssize_t _ranks_line(const unsigned char* f, Py_ssize_t size, Py_ssize_t pos, unsigned char* tok,
                            Py_ssize_t* length, int32_t* rank) except -1:
    """Read the line at ``pos`` of a ranks file into ``tok``/``length`` (0 for
    a blank line) and ``rank``; the position after it."""
    cdef Py_ssize_t n = 0, bits = 0
    cdef uint32_t acc = 0
    cdef int64_t value = 0
    cdef signed char d
    length[0] = 0
    while pos < size and f[pos] != 0x20 and f[pos] != 0x0A:
        if f[pos] != 0x3D:  # '=' padding
            d = B64[f[pos]]
            if d < 0 or n >= MAX_TOKEN:
                raise ValueError("codepith: the ranks file is not one base64 token and a rank a line")
            acc = (acc << 6) | <uint32_t>d
            bits += 6
            if bits >= 8:
                bits -= 8
                tok[n] = <unsigned char>((acc >> bits) & 0xFF)
                n += 1
        pos += 1
    if pos < size and f[pos] == 0x20:
        pos += 1
        while pos < size and 0x30 <= f[pos] <= 0x39:
            value = value * 10 + (f[pos] - 0x30)
            pos += 1
        if value > 0x7FFFFFFF:
            raise ValueError("codepith: a rank in the ranks file is out of range")
        length[0] = n
        rank[0] = <int32_t>value
    while pos < size and f[pos] != 0x0A:
        pos += 1
    return pos + 1


cdef dict _RANKS = {}
# where each encoding's tables came from: "shipped" (the file the build wrote) or "built" (the ranks file)
cdef dict _SOURCES = {}


cdef _Ranks _ranks_for(str encoding):
    r = _RANKS.get(encoding)
    if r is None:
        r = _load_shipped(encoding, tables_path(encoding))
        _SOURCES[encoding] = "built" if r is None else "shipped"
        if r is None:
            r = _Ranks(ranks_file(encoding))
        _RANKS[encoding] = r
    return <_Ranks>r


# The tables file (``_tables/<encoding>.bin``, written at build time by
# :func:`dump_tables`): a header, then the short table, the long tokens' hash
# table, their entries and their bytes, exactly as ``_Ranks`` holds them in
# memory. A process maps it instead of building the tables from the ranks
# file (tens of milliseconds). The header names the ranks file's sha256 (the
# one tiktoken expects) and the layout; the body's checksum is checked on
# load. Anything amiss and the tables are built from the ranks file instead.
DEF TABLES_MAGIC = b"CPBPE\x00\x01\x00"
DEF TABLES_HEADER = 128


cdef uint64_t _checksum(const unsigned char* p, Py_ssize_t n) noexcept nogil:
    cdef uint64_t h = 0x243F6A8885A308D3ULL
    cdef uint64_t w
    cdef Py_ssize_t i = 0
    while i + 8 <= n:
        memcpy(&w, p + i, 8)
        h = (h ^ w) * 0x100000001B3ULL
        h ^= h >> 29
        i += 8
    while i < n:
        h = (h ^ p[i]) * 0x100000001B3ULL
        i += 1
    return h ^ (h >> 32)


def _header(str sha, uint64_t short_slots, uint64_t n_long, uint64_t slots, uint64_t arena_size, uint64_t check):
    import struct

    head = TABLES_MAGIC + struct.pack(
        "<4I4Q", 1, sizeof(_Short), sizeof(_Entry), sizeof(int32_t), short_slots, n_long, slots, arena_size
    ) + sha.encode("ascii") + struct.pack("<Q", check)
    return head + bytes(TABLES_HEADER - len(head))


def dump_tables(str encoding):
    """The tables of ``encoding``, built from its ranks file, as the bytes of
    a tables file (what the build ships, and what :func:`tables_source` says
    a process reads)."""
    from .encodings import RANKS_SHA256

    cdef _Ranks r = _Ranks(ranks_file(encoding))
    cdef Py_ssize_t short_slots = r.short_mask + 1, slots = r.mask + 1
    body = (
        PyBytes_FromStringAndSize(<char*>r.short, short_slots * sizeof(_Short))
        + PyBytes_FromStringAndSize(<char*>r.table, slots * sizeof(int32_t))
        + PyBytes_FromStringAndSize(<char*>r.entries, r.n_long * sizeof(_Entry))
        + PyBytes_FromStringAndSize(<char*>r.arena, r.arena_size)
    )
    check = _checksum(<const unsigned char*>PyBytes_AS_STRING(body), PyBytes_GET_SIZE(body))
    return _header(RANKS_SHA256[encoding], short_slots, r.n_long, slots, r.arena_size, check) + body


def tables_path(str encoding):
    """Where the build puts the tables file of ``encoding``."""
    import os

    return os.path.join(os.path.dirname(os.path.abspath(__file__)), "_tables", encoding + ".bin")


def tables_source(str encoding):
    """Where this process's tables of ``encoding`` come from: ``shipped`` (the
    tables file) or ``built`` (the ranks file)."""
    _ranks_for(encoding)
    return _SOURCES[encoding]


def tables_accepted(str encoding, str path):
    """Whether the file at ``path`` would be read as the tables of ``encoding``."""
    return _load_shipped(encoding, path) is not None


cdef object _load_shipped(str encoding, str path):
    """The tables of ``encoding`` from the tables file at ``path``, or None when
    there is none or it is not exactly what this module and the ranks file make."""
    import mmap
    import struct

    from .encodings import RANKS_SHA256

    cdef Py_ssize_t short_slots, n_long, slots, arena_size, body, i
    cdef uint64_t check
    cdef const unsigned char* base
    cdef _Ranks r
    try:
        with open(path, "rb") as f:
            mapped = mmap.mmap(f.fileno(), 0, access=mmap.ACCESS_READ)
    except (OSError, ValueError):
        return None
    cdef const unsigned char[::1] view = mapped
    cdef Py_ssize_t size = view.shape[0]
    if size < TABLES_HEADER or bytes(view[:8]) != TABLES_MAGIC:
        return None
    layout = struct.unpack_from("<4I", mapped, 8)
    sizes = struct.unpack_from("<4Q", mapped, 24)
    sha = bytes(view[56:120]).decode("ascii", "replace")
    if layout != (1, sizeof(_Short), sizeof(_Entry), sizeof(int32_t)) or sha != RANKS_SHA256[encoding]:
        return None
    if any(s > (1 << 40) for s in sizes):
        return None
    short_slots, n_long, slots, arena_size = sizes
    (check,) = struct.unpack_from("<Q", mapped, 120)
    if short_slots < 1 or slots < 1 or short_slots & (short_slots - 1) or slots & (slots - 1):
        return None
    body = short_slots * sizeof(_Short) + slots * sizeof(int32_t) + n_long * sizeof(_Entry) + arena_size
    if size != TABLES_HEADER + body or n_long >= slots:
        return None
    base = &view[0]
    if _checksum(base + TABLES_HEADER, body) != check:
        return None
    r = _Ranks(None, mapped)
    r.short = <_Short*>(base + TABLES_HEADER)
    r.table = <int32_t*>(base + TABLES_HEADER + short_slots * sizeof(_Short))
    r.entries = <_Entry*>(<const unsigned char*>r.table + slots * sizeof(int32_t))
    r.arena = <unsigned char*>(<const unsigned char*>r.entries + n_long * sizeof(_Entry))
    r.short_mask = short_slots - 1
    r.mask = slots - 1
    r.n_long = n_long
    r.arena_size = arena_size
    for i in range(n_long):  # every entry inside the arena: a damaged file reads nothing outside it
        if r.entries[i].offset < 0 or r.entries[i].length <= 8 or r.entries[i].offset + r.entries[i].length > arena_size:
            return None
    for i in range(slots):
        if r.table[i] < 0 or r.table[i] > n_long:
            return None
    return r


cdef inline Py_ssize_t _contraction_letters(const unsigned char* b, Py_ssize_t k, Py_ssize_t n) noexcept nogil:
    """End of ``(?i:[sdmt]|ll|ve|re)`` at ``k`` (case folded as the regex
    engine folds: U+017F LONG S is an s), or ``k``."""
    cdef unsigned char x, y
    if k >= n:
        return k
    if b[k] == 0xC5 and k + 1 < n and b[k + 1] == 0xBF:
        return k + 2
    if not (b[k] < 0x80 and (CLS[b[k]] & C_LET)):
        return k
    x = b[k] | 0x20
    if x == 0x73 or x == 0x74 or x == 0x6D or x == 0x64:  # s t m d
        return k + 1
    if k + 1 < n and b[k + 1] < 0x80 and (CLS[b[k + 1]] & C_LET):
        y = b[k + 1] | 0x20
        if (x == 0x72 and y == 0x65) or (x == 0x76 and y == 0x65) or (x == 0x6C and y == 0x6C):
            return k + 2
    return k


cdef inline Py_ssize_t _contraction(const unsigned char* b, Py_ssize_t k, Py_ssize_t n) noexcept nogil:
    """End of o200k's optional ``(?i:'s|'t|'re|'ve|'m|'ll|'d)?`` at ``k``."""
    cdef Py_ssize_t e
    if k < n and b[k] == 0x27:
        e = _contraction_letters(b, k + 1, n)
        if e > k + 1:
            return e
    return k


cdef inline Py_ssize_t _run(const unsigned char* b, Py_ssize_t k, Py_ssize_t n, unsigned char bits) noexcept nogil:
    """End of the run of characters from ``k`` whose class has any of ``bits``."""
    cdef Py_ssize_t w
    while k < n and (_cls(b, k, &w) & bits):
        k += w
    return k


cdef Py_ssize_t _o200k_upper_lower(const unsigned char* b, Py_ssize_t s, Py_ssize_t n) noexcept nogil:
    """``UP*LO+'x?`` at ``s`` as a backtracking engine matches it (UP* gives
    characters back to LO+, from the right), its end or 0."""
    cdef Py_ssize_t k = s, w = 0, last_lo = 0
    cdef unsigned char c
    while k < n:
        c = _cls(b, k, &w)
        if not (c & C_UP):
            break
        k += w
        if c & C_LO:
            last_lo = k
    if k < n and (_cls(b, k, &w) & C_LO):
        k = _run(b, k + w, n, C_LO)
    elif last_lo:
        k = last_lo
    else:
        return 0
    return _contraction(b, k, n)


cdef Py_ssize_t _o200k_upper(const unsigned char* b, Py_ssize_t s, Py_ssize_t n) noexcept nogil:
    """``UP+LO*'x?`` at ``s``, its end or 0."""
    cdef Py_ssize_t k = _run(b, s, n, C_UP)
    if k == s:
        return 0
    return _contraction(b, _run(b, k, n, C_LO), n)


cdef Py_ssize_t _o200k_word(const unsigned char* b, Py_ssize_t i, Py_ssize_t n) noexcept nogil:
    """The two word alternatives of o200k's pattern at ``i``, each with and
    then without its optional ``[^\\r\\n\\p{L}\\p{N}]`` prefix: the end, or 0."""
    cdef Py_ssize_t w, w2, e
    cdef unsigned char c = _cls(b, i, &w)
    cdef bint prefix = not (c & (C_NL | C_LET | C_DIG))
    if not (c & (C_UP | C_LO)) and not (prefix and i + w < n and (_cls(b, i + w, &w2) & (C_UP | C_LO))):
        return 0  # neither alternative can start here
    if prefix and i + w < n:
        e = _o200k_upper_lower(b, i + w, n)
        if e:
            return e
    e = _o200k_upper_lower(b, i, n)
    if e:
        return e
    if prefix and i + w < n:
        e = _o200k_upper(b, i + w, n)
        if e:
            return e
    return _o200k_upper(b, i, n)


cdef Py_ssize_t _piece_end(const unsigned char* b, Py_ssize_t i, Py_ssize_t n, bint o200k) noexcept nogil:
    """End of the pre-tokenizer's piece starting at ``i`` (``n`` is the end
    of the text): the alternatives of the encoding's pattern in order."""
    cdef Py_ssize_t w, w2, k, q, last, last_nl
    cdef unsigned char cl = _cls(b, i, &w)
    if o200k:
        k = _o200k_word(b, i, n)
        if k:
            return k
    else:
        if b[i] == 0x27:  # '(?i:[sdmt]|ll|ve|re)
            k = _contraction_letters(b, i + 1, n)
            if k > i + 1:
                return k
        if cl & C_LET:  # [^\r\n\p{L}\p{N}]?+\p{L}++
            return _run(b, i + w, n, C_LET)
        if not (cl & (C_NL | C_DIG)) and i + w < n and (_cls(b, i + w, &w2) & C_LET):
            return _run(b, i + w + w2, n, C_LET)
    if cl & C_DIG:  # \p{N}{1,3}
        k = i + w
        if k < n and (_cls(b, k, &w2) & C_DIG):
            k += w2
            if k < n and (_cls(b, k, &w2) & C_DIG):
                k += w2
        return k
    # ' ?[^\s\p{L}\p{N}]+' and its tail of newlines (and slashes: o200k)
    if (cl & C_PUN) or (b[i] == 0x20 and i + 1 < n and (_cls(b, i + 1, &w2) & C_PUN)):
        k = _run(b, i + w if (cl & C_PUN) else i + 1 + w2, n, C_PUN)
        while k < n and (b[k] == 0x0A or b[k] == 0x0D or (o200k and b[k] == 0x2F)):
            k += 1
        return k
    # whitespace: the run, where its last newline and last character start
    q = i + w
    last = i
    last_nl = i if (cl & C_NL) else -1
    while q < n:
        cl = _cls(b, q, &w)
        if not (cl & C_WS):
            break
        if cl & C_NL:
            last_nl = q
        last = q
        q += w
    if not o200k and q == n:
        return n                # \s++$
    if last_nl >= 0:
        return last_nl + 1      # \s*[\r\n]+ (o200k), \s*[\r\n] (cl100k)
    if q == n:
        return n                # \s+(?!\S) at the end
    if last > i:
        return last             # \s+(?!\S): the last one goes to the next piece
    return q                    # \s+ / \s


cdef Py_ssize_t _count_text(_Ranks ranks, const unsigned char* b, Py_ssize_t n, bint o200k) except -1:
    """Tokens of the UTF-8 text ``b[:n]`` (its end is the end of the text;
    no character of class C_UNK)."""
    cdef Py_ssize_t i = 0, end, total = 0
    while i < n:
        end = _piece_end(b, i, n, o200k)
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
    """Exact token count of ``data``, which must be valid UTF-8. Text around
    a character the class tables do not agree on goes to tiktoken, cut only
    where the pre-tokenizer always cuts."""
    cdef _Ranks ranks = _ranks_for(encoding)
    cdef bint o200k = encoding == "o200k_base"
    cdef const unsigned char* b = <const unsigned char*>PyBytes_AS_STRING(data)
    cdef Py_ssize_t n = PyBytes_GET_SIZE(data), pos = 0, i = 0, a, e, w, total = 0
    enc = None
    while i < n:
        if b[i] < 0x80:
            i += 1
            continue
        if not (_cls(b, i, &w) & C_UNK):
            i += w
            continue
        a = i
        while a > pos and not _is_cut(b, a, n):
            a -= 1
        e = i + 1
        while e < n and not (b[e] < 0x80 and b[e - 1] < 0x80 and _is_cut(b, e, n)):
            e += 1
        if a > pos:
            total += _count_text(ranks, b + pos, a - pos, o200k)
        if enc is None:
            enc = get_encoding(encoding)
        total += ordinary_count(enc, data[a:e].decode("utf-8"))
        pos = i = e
    if pos < n:
        total += _count_text(ranks, b + pos, n - pos, o200k)
    return total


def count(text, *, str encoding="o200k_base"):
    """Exact ``len(get_encoding(encoding).encode_ordinary(text))``: ``text``
    is str or bytes (bytes that are not UTF-8 are tokenized as raw bytes, as
    ``count_tokens`` does)."""
    cdef bytes data
    if isinstance(text, str):
        if (<str>text).isascii():
            data = (<str>text).encode("ascii")
            return _count_text(_ranks_for(encoding), <const unsigned char*>PyBytes_AS_STRING(data),
                                PyBytes_GET_SIZE(data), encoding == "o200k_base")
        try:
            data = (<str>text).encode("utf-8")
        except UnicodeEncodeError:  # lone surrogates: tiktoken's own handling
            return ordinary_count(get_encoding(encoding), text)
        return count_utf8(data, encoding=encoding)
    data = bytes(text)
    if data.isascii():
        return _count_text(_ranks_for(encoding), <const unsigned char*>PyBytes_AS_STRING(data),
                            PyBytes_GET_SIZE(data), encoding == "o200k_base")
    try:
        data.decode("utf-8")
    except UnicodeDecodeError:
        return bytes_count(get_encoding(encoding), data)
    return count_utf8(data, encoding=encoding)
