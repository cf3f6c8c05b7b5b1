"""Adversarial user programs, fourth hunt (python): numerical Python written the
way public collections write it (maths/, bit_manipulation/, dynamic_programming/,
physics/, financial/, project_euler/ style; written for this corpus, not copied),
aimed at the places where Python's and JAX's numbers differ once a Python value
becomes traced in converted code: `range` counters with a traced bound, Python
ints carried through a traced loop, `int()`/`float()`/`math.*` results (Python
scalars eagerly, traced scalars converted), met with `**`, `/`, `//`, `%`, shifts,
`~`, `abs`, bool arithmetic, `divmod`, `round`, comparison chains, `min`/`max`,
indexing, and text made from them in prints. Then common idioms (swaps, `while
True`, `for`/`else`, counters, sorting networks, closures, defaults, `*args`)
and float iterations (Newton, series, quadrature, bisection, finance).

KNOWN maps a case to its accepted outcome key ("ok" when absent): "refused" or
"<MISMATCH|CRASH> <mode>", then ": reason". OPEN marks a converter bug or an
unfair refusal still to fix.
"""
from __future__ import annotations

import math

import jax.numpy as jnp
import numpy as np

from tests.foreign.harness import case

F = lambda *v: np.array(v, np.float32)  # noqa: E731
I = lambda *v: np.array(v, np.int32)  # noqa: E731


# ================================================================ 1. ints that become traced

# FizzBuzz-style: bool + bool counts the divisors hit (Python: 0, 1 or 2)
@case((31,), (16,), (4,), vmap=True)
def h4_fizzbuzz_hits_bool_plus_bool(n):
    both = 0
    for i in range(1, n):
        hits = (i % 3 == 0) + (i % 5 == 0)
        if hits == 2:
            both += 1
    return both


# the sign idiom (a > b) - (a < b) on a range counter
@case((7,), (2,), (0,))
def h4_sign_idiom_range_counter(n):
    total = 0
    for i in range(n):
        total += (i > 3) - (i < 3)
    return total


# the sign idiom on an int() cast of a float argument
@case((3.7,), (-2.2,), (0.4,), vmap=True)
def h4_sign_idiom_int_cast(x):
    k = int(x)
    return (k > 0) - (k < 0)


# NumPy habit: `~` as "not" on a comparison of a Python int (eagerly -1/-2, always true)
@case((6,), (1,), (0,))
def h4_invert_comparison_range_counter(n):
    odd_sum = 0
    for i in range(n):
        if ~(i % 2 == 0):
            odd_sum += i
    return odd_sum


# bool * bool as "and", counted (Python: an int 0/1 each)
@case((10,), (3,))
def h4_bool_times_bool_count(n):
    c = 0
    last = 0
    for i in range(n):
        last = (i > 2) * (i % 2 == 1)
        c += last
    return c, last


# negated comparison as -1/0 weight on a counter
@case((5,), (2,))
def h4_negated_bool_weight(n):
    w = 0
    for i in range(n):
        w += -(i >= 3) + 2 * (i < 1)
    return w


# floor division and modulo of negative offsets of the counter
@case((9,), (4,), (0,), vmap=True)
def h4_floor_mod_negative_offsets(n):
    acc = 0
    for i in range(n):
        d = i - 5
        acc = acc * 3 + (d // 2) + (d % 3) - (-d // 4)
    return acc


# Python % keeps the sign of the divisor: wrap an angle in degrees
@case((-190.0,), (370.0,), (45.0,), grad=0, vmap=True)
def h4_wrap_angle_mod(deg):
    a = (deg + 180.0) % 360.0 - 180.0
    if a == -180.0:
        a = 180.0
    return a


# math.fmod keeps the sign of the dividend (not jnp.remainder)
@case((-7.5,), (7.5,), (2.0,))
def h4_math_fmod_sign(x):
    r = math.fmod(x, 3.0)
    if r < 0:
        r += 10.0
    return r


# divmod with negative operands on a range counter
@case((7,), (3,))
def h4_divmod_negative_counter(n):
    qs = 0
    rs = 0
    for i in range(n):
        q, r = divmod(3 - i, -2)
        qs += q
        rs = rs * 2 + r
    return qs, rs


# float divmod with negative operands
@case((-7.5, 2.0), (7.5, -2.0), (6.0, 2.5), vmap=True)
def h4_divmod_float_negative(a, b):
    q, r = divmod(a, b)
    return q, r, q * b + r


# seconds -> h:m:s printed with zero padding
@case((3725,), (59,), (86399,))
def h4_format_hms(seconds):
    if seconds < 0:
        raise ValueError("seconds must be non-negative")
    m, s = divmod(seconds, 60)
    h, m = divmod(m, 60)
    print(f"{h:02d}:{m:02d}:{s:02d}")
    return h * 10000 + m * 100 + s


# true division of counters, then int() truncation toward zero
@case((8,), (5,), (1,))
def h4_true_div_then_int(n):
    tot = 0
    for i in range(n):
        tot += int((i - 4) / 3)
    return tot


# integer division by zero in a try, on Python ints from the counter
@case((5,), (2,))
def h4_zero_division_counter_caught(n):
    s = 0.0
    for i in range(n):
        try:
            s += 1 / (i - 2)
        except ZeroDivisionError:
            s += 100.0
    return s


# a//b on int() casts, b may be zero
@case((7.0, 2.0), (7.0, 0.0), (-7.0, 2.0))
def h4_floordiv_int_casts_zero(a, b):
    p, q = int(a), int(b)
    if q == 0:
        return 0
    return p // q


# zero divisor not guarded: Python raises ZeroDivisionError
@case((7.0, 2.0), (7.0, 0.0))
def h4_floordiv_int_casts_unguarded(a, b):
    return int(a) // int(b)


# left shift builds a mask from the counter; then >> extracts bits
@case((5,), (0,), (9,))
def h4_shift_mask_and_extract(n):
    mask = 0
    for i in range(n):
        mask |= 1 << i
    bits = 0
    k = mask
    while k:
        bits += k & 1
        k >>= 1
    return mask, bits


# bit reversal of a byte, traced input
@case((1,), (6,), (200,), vmap=True)
def h4_reverse_byte_bits(b):
    r = 0
    for _ in range(8):
        r = (r << 1) | (b & 1)
        b >>= 1
    return r


# gray code and back
@case((5,), (13,), (0,), vmap=True)
def h4_gray_roundtrip(n):
    g = n ^ (n >> 1)
    b = g
    s = g >> 1
    while s:
        b ^= s
        s >>= 1
    return g, b


# popcount with bin(): str of a traced int
@case((13,), (0,), (255,))
def h4_popcount_bin_str(n):
    if n < 0:
        raise ValueError("the value of input must not be negative")
    return bin(n).count("1")


# Kernighan's popcount
@case((13,), (0,), (1023,), vmap=True)
def h4_popcount_kernighan(n):
    c = 0
    while n:
        n &= n - 1
        c += 1
    return c


# lowest set bit and ~ on ints
@case((12,), (7,), (64,), vmap=True)
def h4_lowest_set_bit_and_clear(n):
    low = n & -n
    cleared = n & ~low
    return low, cleared, ~n


# is power of two with a bool short-circuit returning the operand
@case((16,), (0,), (12,))
def h4_is_power_of_two(n):
    return n != 0 and (n & (n - 1)) == 0


# bit_length by shifting up
@case((1,), (100,), (0,), vmap=True)
def h4_bit_length_loop(n):
    k = 0
    while (1 << k) <= n:
        k += 1
    return k


# abs of counter differences: Manhattan distance sum over a grid
@case((4, 1, 2), (3, 0, 0), (1, 5, 5))
def h4_manhattan_sum_grid(n, r, c):
    tot = 0
    for i in range(n):
        for j in range(n):
            tot += abs(i - r) + abs(j - c)
    return tot


# round() of counter halves: half to even
@case((6,), (3,))
def h4_round_half_even_counter(n):
    s = 0
    for i in range(n):
        s = s * 10 + round(i / 2)
    return s


# round(x, 2) printed
@case((3.14159,), (-2.71828,), (0.005,))
def h4_round_two_print(x):
    r = round(x * 10.0, 2)
    print(r)
    return r


# round to int on a float argument, then used as a range bound
@case((2.5,), (3.5,), (0.4,))
def h4_round_then_range(x):
    tot = 0
    for i in range(round(x)):
        tot += i + 1
    return tot


# comparison chains on the counter
@case((20,), (7,), vmap=True)
def h4_comparison_chain_counter(n):
    a = b = 0
    for i in range(n):
        if 0 < i % 7 < 4:
            a += 1
        if 3 <= i < 10 != i % 11:
            b += i
    return a, b


# min/max of Python ints carried through the loop
@case((7,), (2,), (0,))
def h4_max_product_split(n):
    best = 0
    arg = -1
    for i in range(n + 1):
        p = i * (n - i)
        if p > best:
            best = p
            arg = i
    return best, arg, min(arg, n - arg), max(best, 3)


# month lengths tuple indexed by a traced month
_DAYS = (31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31)


@case((3, 15, 2023), (1, 1, 2024), (12, 31, 2024))
def h4_day_of_year(month, day, year):
    leap = (year % 4 == 0 and year % 100 != 0) or year % 400 == 0
    doy = day
    for m in range(month - 1):
        doy += _DAYS[m]
    if leap and month > 2:
        doy += 1
    return doy


# the same with sum of a slice ending at a traced month
@case((3, 15), (1, 1), (12, 31))
def h4_day_of_year_slice_sum(month, day):
    return sum(_DAYS[:month - 1]) + day


# Zeller's congruence; the name printed from a tuple indexed by the result
_WEEK = ("Sat", "Sun", "Mon", "Tue", "Wed", "Thu", "Fri")


@case((15, 3, 2023), (1, 1, 2000), (29, 2, 2024))
def h4_zeller_weekday_print(q, m, y):
    if m < 3:
        m += 12
        y -= 1
    k = y % 100
    j = y // 100
    h = (q + (13 * (m + 1)) // 5 + k + k // 4 + j // 4 + 5 * j) % 7
    print(f"weekday: {_WEEK[h]}")
    return h


# roman numeral length: values table, repeated subtraction in a traced while
_ROMAN = ((1000, 1), (900, 2), (500, 1), (400, 2), (100, 1), (90, 2),
          (50, 1), (40, 2), (10, 1), (9, 2), (5, 1), (4, 2), (1, 1))


@case((1994,), (3,), (3888,))
def h4_roman_numeral_length(n):
    if not 0 < n < 4000:
        raise ValueError("out of range")
    length = 0
    for value, chars in _ROMAN:
        while n >= value:
            n -= value
            length += chars
    return length


# digit sum via str() of a traced int
@case((12345,), (9,), (1000,))
def h4_digit_sum_str(n):
    return sum(int(c) for c in str(n))


# palindrome by str reversal
@case((12321,), (123,), (7,))
def h4_palindrome_str(n):
    s = str(n)
    return s == s[::-1]


# number of digits via math.log10
@case((1000,), (999,), (7,), (100000,))
def h4_digit_count_log10(n):
    if n <= 0:
        return 1
    return int(math.log10(n)) + 1


# digits by divmod in while True with break
@case((9875,), (5,), (0,), vmap=True)
def h4_digits_divmod_while_true(n):
    count = 0
    total = 0
    while True:
        n, d = divmod(n, 10)
        count += 1
        total += d
        if n == 0:
            break
    return count, total


# counter printed with % formatting and f-string format specs
@case((4,), (1,))
def h4_print_counter_formats(n):
    for i in range(n):
        print("%3d|%-3d|%x|%o" % (i * 7, i, i * 11, i * 9))
        print(f"{i:>4}{i * 5:b}{i:+d}")
    return n


# text of a counter's true division (a float64 eagerly)
@case((4,), (2,))
def h4_print_counter_true_div(n):
    for i in range(n):
        print("ratio", i / 4, (i + 1) / 2)
    return n


# percent formatting of a ratio of two Python ints from a loop
@case((10,), (7,))
def h4_print_percent_ratio(n):
    hits = 0
    for i in range(n):
        if i % 3 == 0:
            hits += 1
    print(f"hit rate {hits / n:.1%} ({hits}/{n})")
    return hits


# str() of a flag and the counter in a concatenation
@case((5,), (0,))
def h4_print_str_concat_flag(n):
    found = False
    k = -1
    for i in range(n):
        if i * i > 6:
            found = True
            k = i
            break
    print("found=" + str(found) + " at " + str(k))
    return k


# Python int carried through a traced while, then bool arithmetic after the loop
@case((50,), (3,), (0,))
def h4_isqrt_then_bool_sum(n):
    k = 0
    while (k + 1) * (k + 1) <= n:
        k += 1
    bucket = (k > 2) + (k > 5)
    return k, bucket


# same Python int used with `~` after the loop
@case((50,), (3,))
def h4_isqrt_then_invert(n):
    k = 0
    while (k + 1) * (k + 1) <= n:
        k += 1
    return ~k, -~k, k ^ 1


# int() of a scaled float: the fractional digits
@case((3.14159,), (-2.5,), (0.07,))
def h4_int_cast_decimal_digits(x):
    cents = int(x * 100)
    return cents % 10, cents // 10 % 10, abs(cents) % 10


# True * x and x * (i > k) masks with Python ints
@case((6, 2.0), (2, -1.0), grad=1)
def h4_bool_times_float_mask(n, x):
    acc = 0.0
    for i in range(n):
        acc += True * x + x * (i > 2) - (i == 1) * x
    return acc


# sum of a list of Python bools from a comprehension over a traced range
@case((10,), (0,), (3,), vmap=True)
def h4_sum_bool_comprehension(n):
    return sum(i % 3 == 0 for i in range(n)), sum([True, n > 2, n > 5])


# max of bools (any) and min of bools (all) over a generator
@case((10,), (0,), (1,))
def h4_max_min_of_bools(n):
    hi = max((i > 5 for i in range(n)), default=False)
    lo = min((i < 8 for i in range(n)), default=True)
    return hi, lo


# float ** negative int (float base is fine)
@case((5, 0.05), (1, 0.1), (0, 0.2), grad=1)
def h4_discount_factors_neg_pow(n, r):
    pv = 0.0
    for t in range(1, n + 1):
        pv += 100.0 * (1.0 + r) ** -t
    return pv


# (-1) ** k alternating series with a traced count
@case((10, 0.5), (1, 0.5), (0, 0.5), grad=1)
def h4_alternating_pow_minus_one(n, x):
    s = 0.0
    for k in range(n):
        s += (-1) ** k * x ** (k + 1) / (k + 1)
    return s


# int ** int with a traced base, ** 0.5 of a counter
@case((5,), (1,), vmap=True)
def h4_int_pow_and_sqrt_counter(n):
    sq = 0
    rt = 0.0
    for i in range(n):
        sq += i ** 2 - 2 ** i
        rt += i ** 0.5
    return sq, rt


# pow with three arguments and a modular inverse (eager JAX has no three-argument pow:
# the reference runs it on Python ints)
def _h4_modinv_ref(a, m):
    a, m = int(a), int(m)
    inv = pow(a, -1, m)
    return inv, (a * inv) % m, pow(a, 5, m)


@case((3, 7), (10, 17), (4, 9), ref=_h4_modinv_ref)
def h4_modular_inverse_pow(a, m):
    inv = pow(a, -1, m)
    return inv, (a * inv) % m, pow(a, 5, m)


# modular inverse without an inverse: ValueError
@case((6, 9), (2, 4), ref=lambda a, m: pow(int(a), -1, int(m)))
def h4_modular_inverse_none(a, m):
    return pow(a, -1, m)


# a list of ints indexed with a negative traced offset (wraps like Python)
@case((0,), (2,), (4,))
def h4_list_negative_offset_index(i):
    table = [10, 20, 30, 40, 50]
    return table[i - 1] + table[-1 - i]


# tuple indexed by a traced bool (False -> 0, True -> 1); eager JAX cannot index a
# tuple with a bool array (TypeError), Python and the traced gather can
@case((3.0,), (-3.0,), vmap=True)
def h4_tuple_indexed_by_bool(x):
    labels = (-1.0, 1.0)
    return labels[x > 0] * x


# a tuple indexed by a bool made from a range counter
@case((5,), (1,))
def h4_tuple_indexed_by_counter_bool(n):
    steps = (1, 10)
    s = 0
    for i in range(n):
        s += steps[i % 2 == 0]
    return s


# min/max mixing Python ints and floats: Python returns the operand
@case((3,), (8,))
def h4_min_max_int_float_mix(n):
    lo = 0
    for i in range(n):
        lo = min(lo, i - 2.5)
    return lo, max(n, 4.5)


# bool arithmetic with a flag set in a traced branch
@case((3.0, -1.0), (-2.0, -1.0), (1.0, 2.0))
def h4_flag_sum_after_traced_if(a, b):
    pa = False
    pb = False
    if a > 0:
        pa = True
    if b > 0:
        pb = True
    return pa + pb, pa * 2 + pb


# abs() of a negative Python int carried through a loop, -x // 2 vs -(x // 2)
@case((7,), (4,), vmap=True)
def h4_neg_floor_div_vs_neg_of_floor(n):
    v = 0
    for i in range(n):
        v -= i
    return abs(v), -v // 2, -(v // 2), v // -3


# divmod on the counter as a grid coordinate
@case((12, 5), (7, 3))
def h4_divmod_grid_coords(n, w):
    sx = sy = 0
    for idx in range(n):
        r, c = divmod(idx, w)
        sx += c * (r + 1)
        sy = max(sy, r)
    return sx, sy


# integer average: / then // then round
@case((10,), (7,), (1,))
def h4_integer_average_forms(n):
    tot = 0
    for i in range(1, n + 1):
        tot += i * i
    return tot / n, tot // n, round(tot / n), round(tot / n, 1)


# an int counter and float mix printed with a format spec
@case((3, 0.5), (0, 0.5))
def h4_print_mixed_format(n, x):
    for i in range(n):
        y = i * x + 0.25
        print(f"i={i:d} y={y:6.2f} sci={y:.2e} g={y:g}")
    return n


# int() of a negative float in a loop of halvings
@case((-37.0,), (37.0,), (-0.5,))
def h4_int_trunc_halving_loop(x):
    steps = 0
    v = int(x)
    while v != 0:
        v = int(v / 2)
        steps += 1
    return steps


# the Python int stays Python eagerly: big powers of small ints
@case((10,), (3,))
def h4_power_sum_fits_int32(n):
    s = 0
    for i in range(n):
        s += 3 ** i
    return s


# ================================================================ 2. idioms

# Fibonacci mod m with a tuple swap and a traced count
@case((10, 7), (1, 100), (0, 5), vmap=True)
def h4_fib_mod_tuple_swap(n, m):
    a, b = 0, 1
    for _ in range(n):
        a, b = b, (a + b) % m
    return a


# Pisano period by while True
@case((2,), (10,), (3,))
def h4_pisano_period(m):
    a, b = 0, 1
    period = 0
    while True:
        a, b = b, (a + b) % m
        period += 1
        if a == 0 and b == 1:
            break
    return period


# Collatz: while True, track the peak
@case((27,), (1,), (6,), vmap=True)
def h4_collatz_peak(n):
    peak = n
    steps = 0
    while True:
        if n == 1:
            break
        n = n // 2 if n % 2 == 0 else 3 * n + 1
        peak = max(peak, n)
        steps += 1
    return steps, peak


# first pair summing to a target: nested loops with an early return
@case((F(1.0, 4.0, 2.0, 7.0), 9.0), (F(1.0, 4.0, 2.0, 7.0), 100.0), (F(3.0, 3.0, 0.0, 1.0), 6.0))
def h4_two_sum_nested_early_return(x, target):
    n = len(x)
    for i in range(n):
        for j in range(i + 1, n):
            if x[i] + x[j] == target:
                return i, j
    return -1, -1


# for/else primality on a traced bound
@case((29,), (27,), (2,), (1,), vmap=True)
def h4_for_else_prime(n):
    if n < 2:
        return False
    for d in range(2, n):
        if d * d > n:
            break
        if n % d == 0:
            return False
    else:
        return True
    return True


# helper calling a helper in a loop: count primes below n
def _h4_is_prime(k):
    if k < 2:
        return False
    d = 2
    while d * d <= k:
        if k % d == 0:
            return False
        d += 1
    return True


def _h4_count(pred, n):
    c = 0
    for k in range(n):
        if pred(k):
            c += 1
    return c


@case((30,), (2,), (3,))
def h4_count_primes_helper_chain(n):
    return _h4_count(_h4_is_prime, n)


# twin primes: a generator of helper calls inside sum
@case((40,), (5,))
def h4_twin_primes_generator(n):
    return sum(1 for p in range(2, n) if _h4_is_prime(p) and _h4_is_prime(p + 2))


# list built in a static loop, then sum/max/index
@case((F(3.0, -1.0, 4.0, 1.5),), (F(-3.0, -1.0, -4.0, -1.5),), grad=0)
def h4_list_build_then_reduce(x):
    scaled = []
    for i in range(len(x)):
        scaled.append(x[i] * (i + 1))
    best = max(scaled)
    return sum(scaled), best, scaled.index(best)


# dict of counters updated in a scan
@case((F(1.0, -2.0, 0.0, 3.0, -0.5),), (F(0.0, 0.0, 0.0, 0.0, 0.0),))
def h4_dict_sign_counters(x):
    counts = {"neg": 0, "zero": 0, "pos": 0}
    for v in x:
        if v < 0:
            counts["neg"] += 1
        elif v == 0:
            counts["zero"] += 1
        else:
            counts["pos"] += 1
    return counts


# sorting network for 4 items with tuple swaps on an array
@case((F(4.0, 3.0, 2.0, 1.0),), (F(1.0, 2.0, 3.0, 4.0),), (F(2.0, 9.0, -1.0, 2.0),), np_ref=True)
def h4_sorting_network_4(x):
    for i, j in ((0, 1), (2, 3), (0, 2), (1, 3), (1, 2)):
        if x[i] > x[j]:
            x[i], x[j] = x[j], x[i]
    return x


# cocktail shaker sort with a swapped flag, np arrays
@case((F(5.0, 1.0, 4.0, 2.0, 8.0),), (F(1.0, 2.0, 3.0, 4.0, 5.0),), np_ref=True)
def h4_cocktail_shaker_sort(x):
    n = len(x)
    lo, hi = 0, n - 1
    swapped = True
    while swapped:
        swapped = False
        for i in range(lo, hi):
            if x[i] > x[i + 1]:
                x[i], x[i + 1] = x[i + 1], x[i]
                swapped = True
        if not swapped:
            break
        hi -= 1
        swapped = False
        for i in range(hi, lo, -1):
            if x[i - 1] > x[i]:
                x[i], x[i - 1] = x[i - 1], x[i]
                swapped = True
        lo += 1
    return x


# gnome sort: a traced index walks back and forth
@case((F(3.0, 1.0, 2.0),), (F(1.0, 2.0, 3.0),), (F(2.0, 2.0, 1.0),), np_ref=True)
def h4_gnome_sort(x):
    i = 0
    n = len(x)
    while i < n:
        if i == 0 or x[i - 1] <= x[i]:
            i += 1
        else:
            x[i], x[i - 1] = x[i - 1], x[i]
            i -= 1
    return x


# reverse a prefix of traced length in place with two pointers
@case((F(1.0, 2.0, 3.0, 4.0, 5.0), 3), (F(1.0, 2.0, 3.0, 4.0, 5.0), 0),
      (F(1.0, 2.0, 3.0, 4.0, 5.0), 5), np_ref=True)
def h4_reverse_prefix_two_pointers(x, k):
    lo, hi = 0, k - 1
    while lo < hi:
        x[lo], x[hi] = x[hi], x[lo]
        lo += 1
        hi -= 1
    return x


# rotate by a traced k with a helper that reverses in place (triple reversal)
def _h4_rev(a, lo, hi):
    while lo < hi:
        a[lo], a[hi] = a[hi], a[lo]
        lo += 1
        hi -= 1


@case((F(1.0, 2.0, 3.0, 4.0, 5.0), 2), (F(1.0, 2.0, 3.0, 4.0, 5.0), 7),
      (F(1.0, 2.0, 3.0, 4.0, 5.0), 0), np_ref=True)
def h4_rotate_triple_reversal(x, k):
    n = len(x)
    k = k % n
    _h4_rev(x, 0, n - 1)
    _h4_rev(x, 0, k - 1)
    _h4_rev(x, k, n - 1)
    return x


# Lomuto partition: returns the pivot's final index
@case((F(3.0, 8.0, 1.0, 9.0, 4.0),), (F(5.0, 4.0, 3.0, 2.0, 1.0),), np_ref=True)
def h4_lomuto_partition(x):
    hi = len(x) - 1
    pivot = x[hi]
    i = 0
    for j in range(hi):
        if x[j] <= pivot:
            x[i], x[j] = x[j], x[i]
            i += 1
    x[i], x[hi] = x[hi], x[i]
    return i, x


# deterministic Fisher-Yates with an LCG seed: traced swap partner
@case((F(1.0, 2.0, 3.0, 4.0, 5.0), 7), (F(1.0, 2.0, 3.0, 4.0, 5.0), 123), np_ref=True)
def h4_fisher_yates_lcg(x, seed):
    for i in range(len(x) - 1, 0, -1):
        seed = (75 * seed + 74) % 65537
        j = seed % (i + 1)
        x[i], x[j] = x[j], x[i]
    return x, seed


# histogram bins in a Python list: += at a traced index
@case((F(0.1, 0.5, 0.55, 0.99, 0.0),), (F(0.9, 0.9, 0.9, 0.9, 0.9),))
def h4_histogram_list_iadd(x):
    bins = [0, 0, 0, 0]
    for v in x:
        k = int(v * 4)
        k = min(k, 3)
        bins[k] += 1
    return bins


# Kadane with start and end indices
@case((F(-2.0, 1.0, -3.0, 4.0, -1.0, 2.0, 1.0, -5.0),), (F(-3.0, -1.0, -2.0),), grad=0)
def h4_kadane_with_indices(x):
    best = x[0]
    cur = x[0]
    start = end = s = 0
    for i in range(1, len(x)):
        if cur < 0:
            cur = x[i]
            s = i
        else:
            cur = cur + x[i]
        if cur > best:
            best = cur
            start, end = s, i
    return best, start, end


# sliding window of traced width k
@case((F(1.0, 3.0, -1.0, 5.0, 2.0, 0.0), 2), (F(1.0, 3.0, -1.0, 5.0, 2.0, 0.0), 4), grad=0)
def h4_sliding_window_max_sum(x, k):
    n = len(x)
    if k > n:
        raise ValueError("window larger than the array")
    s = 0.0
    for i in range(k):
        s += x[i]
    best = s
    pos = 0
    for i in range(k, n):
        s += x[i] - x[i - k]
        if s > best:
            best = s
            pos = i - k + 1
    return best, pos


# balanced-bracket check over int codes (+1 open, -1 close)
@case((I(1, 1, -1, 1, -1, -1),), (I(1, -1, -1, 1),), (I(1, 1, -1),))
def h4_balanced_brackets_codes(codes):
    depth = 0
    for c in codes:
        depth += c
        if depth < 0:
            return False
    return depth == 0


# leftmost insertion point (bisect_left) with while lo < hi
@case((F(1.0, 2.0, 2.0, 2.0, 5.0), 2.0), (F(1.0, 2.0, 2.0, 2.0, 5.0), 9.0),
      (F(1.0, 2.0, 2.0, 2.0, 5.0), -1.0))
def h4_bisect_left(a, t):
    lo, hi = 0, len(a)
    while lo < hi:
        mid = (lo + hi) // 2
        if a[mid] < t:
            lo = mid + 1
        else:
            hi = mid
    return lo


# runs counted by adding a comparison to an int, longest run tracked
@case((I(1, 1, 2, 2, 2, 3, 1),), (I(4, 4, 4, 4),), (I(1, 2, 3, 4),))
def h4_runs_and_longest(x):
    runs = 1
    cur = best = 1
    for i in range(1, len(x)):
        changed = x[i] != x[i - 1]
        runs += changed
        cur = 1 if changed else cur + 1
        best = max(best, cur)
    return runs, best


# enumerate with start and reversed over an array
@case((F(1.0, 2.0, 3.0),), (F(-1.0, 0.0, 5.0),), grad=0)
def h4_enumerate_reversed_weights(x):
    s = 0.0
    for w, v in enumerate(reversed(x), 1):
        s += w * v
    return s


# zip of an array with its shifted self: count ascents
@case((F(1.0, 3.0, 2.0, 4.0),), (F(4.0, 3.0, 2.0, 1.0),))
def h4_zip_shifted_ascents(x):
    up = 0
    biggest = 0.0
    for a, b in zip(x, x[1:]):
        if b > a:
            up += 1
            biggest = max(biggest, b - a)
    return up, biggest


# reversed(range(n)) with a traced n: the last index at which a condition holds
@case((F(1.0, -2.0, 3.0, -4.0, 5.0), 5), (F(1.0, -2.0, 3.0, -4.0, 5.0), 2),
      (F(1.0, 2.0, 3.0, 4.0, 5.0), 5))
def h4_reversed_range_last_negative(x, n):
    for i in reversed(range(n)):
        if x[i] < 0:
            return i
    return -1


# generator expressions in sum/any/all/max over an array and a range
@case((F(3.0, -1.0, 2.0, 0.5),), (F(-3.0, -1.0, -2.0, -0.5),), grad=0)
def h4_genexp_reductions(x):
    pos = sum(v * v for v in x if v > 0)
    unsorted = any(x[i] > x[i + 1] for i in range(len(x) - 1))
    nonzero = all(v != 0 for v in x)
    peak = max(abs(v) for v in x)
    return pos, unsorted, nonzero, peak


# argmax via max(range, key=...) and argmin via min(enumerate, key=...)
@case((F(3.0, 7.0, 7.0, 1.0),), (F(-1.0, -5.0, 2.0, 2.0),))
def h4_argmax_by_key(x):
    i = max(range(len(x)), key=lambda k: x[k])
    j, v = min(enumerate(x), key=lambda p: p[1])
    return i, j, v


# list.index(max(list)) on traced items
@case((3.0, 7.0, 1.0), (2.0, 2.0, 5.0))
def h4_list_index_of_max(a, b, c):
    vals = [a, b, c]
    return vals.index(max(vals)), vals.index(min(vals))


# median via sorted
@case((F(3.0, 1.0, 2.0, 5.0, 4.0),), (F(1.0, 1.0, 1.0, 0.0, 9.0),), grad=0)
def h4_median_sorted(x):
    s = sorted(x)
    n = len(s)
    return s[n // 2] if n % 2 == 1 else (s[n // 2 - 1] + s[n // 2]) / 2


# raise ValueError on bad input then a loop
@case((5, 2.0), (-1, 2.0), (0, 2.0))
def h4_raise_on_bad_input(n, x):
    if n < 0:
        raise ValueError(f"n must be non-negative, got {n}")
    acc = 1.0
    for _ in range(n):
        acc = acc * x + 1.0
    return acc


# raise inside a loop when a term misbehaves
@case((F(1.0, 2.0, 3.0),), (F(1.0, 0.0, 3.0),))
def h4_raise_inside_loop(x):
    s = 0.0
    for i, v in enumerate(x):
        if v == 0:
            raise ValueError(f"zero at position {i}")
        s += 1.0 / v
    return s


# recursion with a static depth: fast power by halving a Python exponent
def _h4_fast_pow(x, k):
    if k == 0:
        return 1.0
    h = _h4_fast_pow(x, k // 2)
    if k % 2:
        return h * h * x
    return h * h


@case((1.5,), (-2.0,), grad=0, vmap=True)
def h4_recursive_fast_pow_static(x):
    r = _h4_fast_pow(x, 13)
    if r > 100.0:
        r = r / 100.0
    return r


# recursion over a static range (divide and conquer) with traced conditions
def _h4_count_pos(x, lo, hi):
    if hi - lo == 1:
        return 1 if x[lo] > 0 else 0
    mid = (lo + hi) // 2
    return _h4_count_pos(x, lo, mid) + _h4_count_pos(x, mid, hi)


@case((F(1.0, -1.0, 2.0, -3.0, 5.0),), (F(-1.0, -1.0, -2.0, -3.0, -5.0),))
def h4_divide_conquer_count(x):
    return _h4_count_pos(x, 0, len(x))


# closure: polynomial maker, then Newton on it
def _h4_make_poly(coeffs):
    def p(x):
        acc = 0.0
        for c in coeffs:
            acc = acc * x + c
        return acc
    return p


@case((1.0,), (3.0,), grad=0)
def h4_closure_poly_newton(x0):
    p = _h4_make_poly((1.0, 0.0, -2.0))
    dp = _h4_make_poly((2.0, 0.0))
    x = x0
    for _ in range(20):
        step = p(x) / dp(x)
        x = x - step
        if abs(step) < 1e-6:
            break
    return x


# nested function with nonlocal counter in a traced loop
@case((10,), (0,), (3,))
def h4_nonlocal_counter_closure(n):
    calls = 0

    def tick(k):
        nonlocal calls
        calls += 1
        return k % 3 == 0

    hits = 0
    for i in range(n):
        if tick(i):
            hits += 1
    return hits, calls


# lambdas with defaults bound in a comprehension
@case((2.0,), (-1.0,), grad=0, vmap=True)
def h4_lambda_defaults_powers(x):
    fs = [lambda v, k=k: v ** k for k in range(4)]
    s = 0.0
    for f in fs:
        y = f(x)
        if y > 1.0:
            s += y
    return s


# default and keyword arguments of a helper called with traced values
def _h4_clamp(v, lo=0.0, hi=1.0):
    if v < lo:
        return lo
    if v > hi:
        return hi
    return v


@case((0.5, 2.0), (-1.0, 2.0), (3.0, 2.0), grad=0, vmap=True)
def h4_defaults_and_kwargs_clamp(x, top):
    return _h4_clamp(x) + _h4_clamp(x, hi=top) + _h4_clamp(x, -0.5, hi=top * 0.5)


# *args and keyword-only scale
def _h4_weighted(*vals, scale=1.0, shift=0.0):
    tot = 0.0
    for i, v in enumerate(vals):
        if v > 0:
            tot += (i + 1) * v
    return tot * scale + shift


@case((1.0, -2.0, 3.0), (-1.0, -2.0, -3.0), grad=0)
def h4_star_args_keyword_only(a, b, c):
    return _h4_weighted(a, b, c, scale=2.0) + _h4_weighted(c, a, shift=1.0)


# **kwargs forwarding through a wrapper
def _h4_step(x, rate=0.1, decay=0.0):
    return x - rate * x * (1.0 + decay)


def _h4_run(x, n, **opts):
    for _ in range(n):
        x = _h4_step(x, **opts)
        if abs(x) < 0.5:
            break
    return x


@case((4.0, 10), (0.2, 10), (4.0, 0), grad=0)
def h4_kwargs_forwarding(x, n):
    return _h4_run(x, n, rate=0.3, decay=0.1)


# early return in nested traced-bound loops
@case((6, 12), (6, 7), (1, 0))
def h4_nested_range_early_return(n, target):
    for i in range(1, n):
        for j in range(1, i + 1):
            if i * j == target:
                return i, j
    return -1, -1


# continue skips, python list of partial sums
@case((F(1.0, -2.0, 3.0, -4.0),), (F(-1.0, -2.0, -3.0, -4.0),), grad=0)
def h4_continue_partial_sums(x):
    partial = [0.0, 0.0, 0.0, 0.0]
    run = 0.0
    for i in range(4):
        if x[i] < 0:
            continue
        run += x[i]
        partial[i] = run
    return partial


# accumulate with += on items of a list of floats indexed by a traced int
@case((7,), (2,))
def h4_list_items_iadd_traced_index(n):
    acc = [0.0, 0.0, 0.0]
    for i in range(n):
        acc[i % 3] += i * 0.5
    return acc


# while with else and a traced break
@case((F(1.0, 2.0, 5.0, 3.0), 4.0), (F(1.0, 2.0, 1.0, 3.0), 4.0))
def h4_while_else_search(x, t):
    i = 0
    while i < len(x):
        if x[i] > t:
            pos = i
            break
        i += 1
    else:
        pos = -1
    return pos


# a traced loop counter used after the loop (the last value) and in arithmetic
@case((5,), (1,))
def h4_counter_after_loop(n):
    total = 0
    for i in range(n):
        total += i
    return i, total, i * (i + 1) // 2 == total


# matrix as nested Python lists of traced values: transpose and trace
@case((1.0, 2.0, 3.0, 4.0), (0.0, -1.0, 1.0, 0.0))
def h4_nested_list_matrix(a, b, c, d):
    m = [[a, b], [c, d]]
    t = [[m[j][i] for j in range(2)] for i in range(2)]
    tr = sum(m[i][i] for i in range(2))
    det = m[0][0] * m[1][1] - m[0][1] * m[1][0]
    if det == 0:
        return t, tr, 0.0
    return t, tr, 1.0 / det


# zip of ranges and reversed ranges with a traced bound
@case((5,), (1,), (0,))
def h4_zip_range_reversed(n):
    s = 0
    for a, b in zip(range(n), reversed(range(n))):
        s += a * b
    return s


# a mutable default list of weights (read only)
def _h4_dot(x, w=[0.5, 0.25, 0.25]):
    return sum(wi * xi for wi, xi in zip(w, x))


@case((F(1.0, 2.0, 3.0),), (F(-4.0, 0.0, 4.0),), grad=0)
def h4_mutable_default_weights(x):
    d = _h4_dot(x)
    return d if d > 0 else -d


# ================================================================ 3. float iterations

# Newton cube root with while True and a relative tolerance
@case((27.0,), (2.0,), (0.001,), grad=0)
def h4_newton_cbrt_while_true(a):
    if a <= 0:
        raise ValueError("a must be positive")
    x = a if a > 1 else 1.0
    it = 0
    while True:
        nx = x - (x * x * x - a) / (3.0 * x * x)
        it += 1
        if abs(nx - x) <= 1e-5 * abs(nx) or it >= 60:
            x = nx
            break
        x = nx
    return x, it


# Kepler's equation E - e sin E = M by Newton
@case((1.0, 0.1), (3.0, 0.9), (0.0, 0.5), grad=0, vmap=True)
def h4_kepler_newton(m, e):
    big_e = m if e < 0.8 else jnp.pi
    for _ in range(50):
        f = big_e - e * jnp.sin(big_e) - m
        fp = 1.0 - e * jnp.cos(big_e)
        d = f / fp
        big_e = big_e - d
        if abs(d) < 1e-6:
            break
    return big_e


# ln(1 + x) series until the term is small
@case((0.5,), (-0.5,), (0.0,), grad=0, vmap=True)
def h4_log1p_series(x):
    if abs(x) >= 1:
        raise ValueError("series converges for |x| < 1")
    total = 0.0
    term = x
    k = 1
    while abs(term) > 1e-7:
        total += term / k
        k += 1
        term = -term * x
    return total, k


# cos by its series with a running term and an int counter
@case((0.5,), (2.0,), (3.0,), grad=0, vmap=True)
def h4_cos_series_running_term(x):
    term = 1.0
    s = 1.0
    k = 0
    while abs(term) > 1e-6 * abs(s) + 1e-12:
        k += 2
        term *= -x * x / ((k - 1) * k)
        s += term
    return s, k // 2


# arctan series (Gregory) for |x| <= 1 with an alternating sign flag
@case((1.0,), (0.5,), (-0.3,), grad=0)
def h4_arctan_series_sign_flag(x):
    s = 0.0
    sign = 1
    p = x
    for k in range(200):
        t = p / (2 * k + 1)
        s += sign * t
        if abs(t) < 1e-4:
            break
        sign = -sign
        p *= x * x
    return s


# trapezoid rule with a traced number of panels
@case((0.0, 1.0, 8), (0.0, 3.0, 1), (1.0, 2.0, 50), grad=1)
def h4_trapezoid_traced_n(a, b, n):
    if n < 1:
        raise ValueError("need at least one panel")
    h = (b - a) / n
    s = 0.5 * (a * a + b * b)
    for i in range(1, n):
        xi = a + i * h
        s += xi * xi
    return s * h


# Simpson's rule with n made even
@case((0.0, 3.1415927, 7), (0.0, 1.0, 4), (0.0, 1.0, 1), grad=1)
def h4_simpson_make_even(a, b, n):
    if n % 2 == 1:
        n += 1
    h = (b - a) / n
    s = jnp.sin(a) + jnp.sin(b)
    for i in range(1, n):
        w = 4 if i % 2 else 2
        s += w * jnp.sin(a + i * h)
    return s * h / 3


# midpoint rule of 1/x with a float loop variable
@case((1.0, 2.0, 10), (1.0, 10.0, 3), grad=1)
def h4_midpoint_rule_float_cursor(a, b, n):
    h = (b - a) / n
    x = a + h / 2
    s = 0.0
    count = 0
    while count < n:
        s += 1.0 / x
        x += h
        count += 1
    return s * h


# Romberg integration with a static table of Python lists
@case((0.0, 1.0), (0.0, 2.0), grad=1)
def h4_romberg_static_table(a, b):
    levels = 4
    r = [[0.0] * levels for _ in range(levels)]
    h = b - a
    r[0][0] = 0.5 * h * (jnp.exp(a) + jnp.exp(b))
    for i in range(1, levels):
        h /= 2
        s = 0.0
        for k in range(1, 2 ** i, 2):
            s += jnp.exp(a + k * h)
        r[i][0] = 0.5 * r[i - 1][0] + h * s
        for j in range(1, i + 1):
            r[i][j] = r[i][j - 1] + (r[i][j - 1] - r[i - 1][j - 1]) / (4 ** j - 1)
    return r[levels - 1][levels - 1]


# bisection with a tolerance and an iteration count returned
@case((2.0,), (10.0,), (0.25,), vmap=True)
def h4_bisection_count(c):
    lo, hi = 0.0, max(c, 1.0)
    it = 0
    while hi - lo > 1e-5:
        mid = (lo + hi) / 2
        if mid * mid < c:
            lo = mid
        else:
            hi = mid
        it += 1
    return (lo + hi) / 2, it


# bisection that raises on a bad bracket
@case((0.0, 2.0), (3.0, 4.0))
def h4_bisection_bad_bracket(lo, hi):
    f = lambda x: x * x * x - 2.0 * x - 1.0  # noqa: E731
    if f(lo) * f(hi) > 0:
        raise ValueError("could not find root in given interval")
    for _ in range(40):
        mid = (lo + hi) / 2
        if f(mid) == 0:
            return mid
        if f(lo) * f(mid) < 0:
            hi = mid
        else:
            lo = mid
    return (lo + hi) / 2


# fixed point of cos, counting steps
@case((1.0,), (0.0,), (-2.0,), grad=0, vmap=True)
def h4_fixed_point_cos_steps(x):
    steps = 0
    while True:
        nx = jnp.cos(x)
        steps += 1
        if abs(nx - x) < 1e-5 or steps == 200:
            return nx, steps
        x = nx


# secant method
@case((1.0, 2.0), (0.0, 1.0))
def h4_secant_method(x0, x1):
    f = lambda x: x * x - 3.0  # noqa: E731
    for _ in range(30):
        f0, f1 = f(x0), f(x1)
        if f1 == f0:
            break
        x0, x1 = x1, x1 - f1 * (x1 - x0) / (f1 - f0)
        if abs(x1 - x0) < 1e-6:
            break
    return x1


# golden-section search for a minimum
@case((0.0, 4.0), (-3.0, 1.0), grad=0)
def h4_golden_section(a, b):
    g = (math.sqrt(5.0) - 1.0) / 2.0
    f = lambda x: (x - 1.5) ** 2 + 0.5  # noqa: E731
    c = b - g * (b - a)
    d = a + g * (b - a)
    while abs(b - a) > 1e-4:
        if f(c) < f(d):
            b = d
        else:
            a = c
        c = b - g * (b - a)
        d = a + g * (b - a)
    return (a + b) / 2


# loan amortization: months until paid, with a ValueError when it never ends
@case((1000.0, 0.01, 100.0), (1000.0, 0.01, 5.0), (50.0, 0.0, 100.0))
def h4_loan_months_to_payoff(principal, rate, payment):
    if payment <= principal * rate:
        raise ValueError("payment does not cover the interest")
    months = 0
    balance = principal
    interest = 0.0
    while balance > 0:
        i = balance * rate
        interest += i
        balance = balance + i - payment
        months += 1
    return months, round(interest, 2)


# compound growth with yearly contributions and a printed table
@case((1000.0, 0.05, 3), (0.0, 0.1, 2))
def h4_compound_growth_table(p, r, years):
    bal = p
    for y in range(1, years + 1):
        bal = bal * (1 + r) + 100.0
        print(f"year {y:2d}: {bal:10.2f}")
    return bal


# net present value with enumerate over cash flows and (1 + r) ** t
@case((F(-100.0, 30.0, 40.0, 50.0), 0.05), (F(-100.0, 30.0, 40.0, 50.0), 0.2), grad=1)
def h4_npv_enumerate_power(flows, r):
    npv = 0.0
    for t, cf in enumerate(flows):
        npv += cf / (1 + r) ** t
    return npv


# IRR by bisection over the NPV helper
def _h4_npv(flows, r):
    s = 0.0
    for t in range(len(flows)):
        s += flows[t] / (1.0 + r) ** t
    return s


@case((F(-100.0, 30.0, 40.0, 50.0),), (F(-100.0, 60.0, 60.0, 0.0),))
def h4_irr_bisection(flows):
    lo, hi = -0.9, 1.0
    for _ in range(60):
        mid = (lo + hi) / 2
        if _h4_npv(flows, mid) > 0:
            lo = mid
        else:
            hi = mid
    return mid


# continued fraction for sqrt(2) with a traced depth
@case((0,), (1,), (12,), vmap=True)
def h4_continued_fraction_sqrt2(depth):
    v = 2.0
    for _ in range(depth):
        v = 2.0 + 1.0 / v
    return 1.0 + 1.0 / v


# Euler's method with a traced number of steps; t printed at the end
@case((0.1, 10), (0.5, 2), (0.1, 0), grad=0)
def h4_euler_decay_steps(h, n):
    y = 1.0
    t = 0.0
    for _ in range(n):
        y = y + h * (-2.0 * y + t)
        t += h
    print(f"t={t:.2f} y={y:.4f}")
    return y


# projectile simulated until it lands: step count and peak height
@case((10.0, 45.0), (20.0, 80.0), (5.0, 10.0), vmap=True)
def h4_projectile_until_landing(v0, angle_deg):
    th = math.radians(angle_deg)
    vx = v0 * math.cos(th)
    vy = v0 * math.sin(th)
    x = y = 0.0
    dt = 0.01
    peak = 0.0
    steps = 0
    while True:
        x += vx * dt
        vy -= 9.81 * dt
        y += vy * dt
        steps += 1
        peak = max(peak, y)
        if y < 0.0:
            break
    return x, peak, steps


# leapfrog harmonic oscillator, energy drift
@case((1.0, 0.0, 100), (0.0, 1.0, 10), grad=0)
def h4_leapfrog_energy(x, v, n):
    dt = 0.05
    e0 = 0.5 * (x * x + v * v)
    for _ in range(n):
        v -= 0.5 * dt * x
        x += dt * v
        v -= 0.5 * dt * x
    return x, v, 0.5 * (x * x + v * v) - e0


# generalized mean with p == 0 as the geometric mean
@case((F(1.0, 2.0, 4.0), 0.0), (F(1.0, 2.0, 4.0), 2.0), (F(1.0, 2.0, 4.0), -1.0), grad=0)
def h4_power_mean(x, p):
    n = len(x)
    if p == 0:
        prod = 1.0
        for v in x:
            prod *= v
        return prod ** (1.0 / n)
    s = 0.0
    for v in x:
        s += v ** p
    return (s / n) ** (1.0 / p)


# Wallis product for pi with a traced count
@case((10,), (1,), (100,), vmap=True)
def h4_wallis_product(n):
    p = 1.0
    for k in range(1, n + 1):
        four_k2 = 4 * k * k
        p *= four_k2 / (four_k2 - 1)
    return 2 * p


# zeta(2) partial sum from the integer counter
@case((100,), (1,), (0,), vmap=True)
def h4_basel_partial_sum(n):
    s = 0.0
    for k in range(1, n + 1):
        s += 1 / (k * k)
    return s, abs(s - math.pi ** 2 / 6) < 0.01


# log-factorial by a generator of math.log over a traced range
@case((10,), (1,), (2,))
def h4_log_factorial_genexp(n):
    lf = sum(math.log(k) for k in range(2, n + 1))
    stirling = n * math.log(n) - n if n > 1 else 0.0
    return lf, lf - stirling


# normal CDF with math.erf and a branch on the tail
@case((0.0,), (1.96,), (-3.5,), grad=0, vmap=True)
def h4_normal_cdf_erf(z):
    if z < -3.0:
        return 0.0
    return 0.5 * (1.0 + math.erf(z / math.sqrt(2.0)))


# Monte Carlo pi with an LCG carried as a Python int
@case((50, 1), (10, 42))
def h4_monte_carlo_lcg(n, seed):
    inside = 0
    for _ in range(n):
        seed = (75 * seed + 74) % 65537
        x = seed / 65537
        seed = (75 * seed + 74) % 65537
        y = seed / 65537
        if x * x + y * y <= 1.0:
            inside += 1
    return 4.0 * inside / n


# float() of a counter ratio
@case((4,), (1,))
def h4_float_counter_ratio(n):
    xs = 0.0
    for i in range(n):
        t = float(i) / n
        xs += t * t
    return xs


# math.floor/ceil of floats and the fractional part
@case((2.75,), (-2.75,), (3.0,), vmap=True)
def h4_floor_ceil_frac(x):
    f = math.floor(x)
    c = math.ceil(x)
    return f, c, x - f, c - f


# central difference with a halving step until the change is small
@case((1.0,), (0.3,), grad=0)
def h4_derivative_step_halving(x):
    h = 0.1
    prev = (jnp.sin(x + h) - jnp.sin(x - h)) / (2 * h)
    for _ in range(10):
        h /= 2
        d = (jnp.sin(x + h) - jnp.sin(x - h)) / (2 * h)
        if abs(d - prev) < 1e-4:
            break
        prev = d
    return d


# temperature conversion picked by an int unit code
@case((100.0, 0), (100.0, 1), (100.0, 2), grad=0)
def h4_temperature_unit_code(t, unit):
    if unit == 0:
        k = t + 273.15
    elif unit == 1:
        k = (t - 32.0) * 5.0 / 9.0 + 273.15
    else:
        k = t
    if k < 0:
        raise ValueError("below absolute zero")
    return k


# Babylonian square root on a Python float made by float()
@case((2.0,), (1e-4,), (400.0,))
def h4_babylonian_float_cast(a):
    a = float(a)
    x = a if a >= 1 else 1.0
    n = 0
    while abs(x * x - a) > 1e-4 * a:
        x = (x + a / x) / 2
        n += 1
    return x, n


# float repr of a float() cast printed
@case((0.1,), (2.5,))
def h4_print_float_cast(x):
    y = float(x)
    print("value:", y, "half:", y / 2)
    return y


# harmonic number until it passes a threshold: an int counter returned
@case((2.0,), (3.5,), (0.5,), vmap=True)
def h4_harmonic_until_threshold(t):
    h = 0.0
    k = 0
    while h < t:
        k += 1
        h += 1 / k
    return k


# geometric series with an int exponent in a while and an early return
@case((0.5,), (0.9,), (1.0,))
def h4_geometric_series_until(r):
    if abs(r) >= 1:
        return -1.0
    s = 0.0
    k = 0
    while r ** k > 1e-5:
        s += r ** k
        k += 1
    return s


# exponential via repeated squaring of (1 + x / 2**k)
@case((1.0,), (-2.0,), (0.0,), grad=0, vmap=True)
def h4_exp_repeated_squaring(x):
    k = 10
    y = 1.0 + x / 2 ** k
    for _ in range(k):
        y = y * y
    return y


# digit count with a divmod loop vs str length
@case((12345,), (7,))
def h4_digit_count_vs_str_len(n):
    m = n
    c = 0
    while m > 0:
        m //= 10
        c += 1
    return c, len(str(n))


# reduce a fraction with gcd from a while, then print "p/q"
@case((12, 18), (7, 5), (0, 4))
def h4_reduce_fraction_print(p, q):
    a, b = p, q
    while b:
        a, b = b, a % b
    g = a if a else 1
    print(f"{p // g}/{q // g}")
    return p // g, q // g


# running mean and variance with Python ints over a traced count (Welford)
@case((5,), (1,), (0,))
def h4_welford_counter_values(n):
    mean = 0.0
    m2 = 0.0
    count = 0
    for i in range(n):
        v = (i * 7) % 5
        count += 1
        d = v - mean
        mean += d / count
        m2 += d * (v - mean)
    var = m2 / (count - 1) if count > 1 else 0.0
    return mean, var


# perfect number check with a sum over a filtered generator on a traced range
@case((28,), (12,), (6,), (1,))
def h4_perfect_number_genexp(n):
    return sum(d for d in range(1, n) if n % d == 0) == n


# amicable pair check via a helper with a traced range
def _h4_sigma(n):
    s = 1
    d = 2
    while d * d <= n:
        if n % d == 0:
            s += d
            if d * d != n:
                s += n // d
        d += 1
    return s


@case((220,), (284,), (10,))
def h4_amicable_helper(a):
    b = _h4_sigma(a)
    return b != a and _h4_sigma(b) == a


# triangle numbers until the divisor count passes k (Project Euler 12 style)
@case((5,), (3,))
def h4_triangle_divisor_count(k):
    n = 1
    while True:
        t = n * (n + 1) // 2
        c = 0
        for d in range(1, t + 1):
            if t % d == 0:
                c += 1
        if c > k:
            return t
        n += 1


# sum of multiples of 3 or 5 with `or` in a filtered generator
@case((10,), (16,), (1,), vmap=True)
def h4_multiples_3_or_5(n):
    return sum(i for i in range(n) if i % 3 == 0 or i % 5 == 0)


# even Fibonacci sum with a tuple swap in a traced while
@case((100,), (10,), (1,), vmap=True)
def h4_even_fibonacci_sum(limit):
    a, b = 1, 2
    s = 0
    while b <= limit:
        if b % 2 == 0:
            s += b
        a, b = b, a + b
    return s


# largest palindrome product of a traced range (digits by arithmetic)
def _h4_is_pal(n):
    r = 0
    m = n
    while m > 0:
        r = r * 10 + m % 10
        m //= 10
    return r == n


@case((10, 30), (1, 4))
def h4_largest_palindrome_product(lo, hi):
    best = 0
    for i in range(lo, hi):
        for j in range(i, hi):
            p = i * j
            if p > best and _h4_is_pal(p):
                best = p
    return best


# lattice paths by a DP over a Python list with a traced size
@case((3,), (1,), (5,))
def h4_lattice_paths_dp_list(n):
    row = [1] * 8
    for _ in range(n):
        for j in range(1, 8):
            row[j] = row[j] + row[j - 1]
    return row[n]


# coin change count (number of ways) with an array DP and np_ref
@case((I(1, 2, 5), 11), (I(2, 5, 10), 3), np_ref=True)
def h4_coin_change_ways(coins, amount):
    ways = np.zeros(12, np.int32)
    ways[0] = 1
    for c in coins:
        for a in range(c, amount + 1):
            ways[a] += ways[a - c]
    return ways[amount]


# Kahan summation of a float series from a counter
@case((100,), (3,))
def h4_kahan_counter_series(n):
    s = 0.0
    c = 0.0
    for k in range(1, n + 1):
        y = 1.0 / k - c
        t = s + y
        c = (t - s) - y
        s = t
    return s


# quadratic roots with a discriminant branch and a raise
@case((1.0, -3.0, 2.0), (1.0, 2.0, 1.0), (1.0, 0.0, 1.0), (0.0, 1.0, 1.0))
def h4_quadratic_roots_branches(a, b, c):
    if a == 0:
        raise ValueError("coefficient 'a' must not be zero")
    disc = b * b - 4 * a * c
    if disc < 0:
        return 0, 0.0, 0.0
    sq = math.sqrt(disc)
    r1 = (-b + sq) / (2 * a)
    r2 = (-b - sq) / (2 * a)
    return (1 if disc == 0 else 2), r1, r2


# ================================================================ 4. follow-ups

# true division of the counter printed (a float64 eagerly, float32 converted)
@case((4,), (2,))
def h4_print_counter_third(n):
    for i in range(n):
        print(i / 3)
    return n


# a tuple and a list holding counter-made floats printed (their repr)
@case((3,), (1,))
def h4_print_tuple_counter_floats(n):
    for i in range(n):
        print((i, i * 0.5), [i / 4])
    return n


# item of a range object with a traced bound
@case((10,), (7,), (2,))
def h4_range_object_index_traced(n):
    r = range(0, n, 3)
    return len(r), r[1] if len(r) > 1 else -1


# max/min of comparisons added together
@case((5,), (2,))
def h4_max_of_bools_plus(n):
    k = 0
    for i in range(n):
        k = max(i > 2, i > 3) + min(i > 1, True)
    return k


# a Python float accumulated by 0.1 until it reaches 1.0 (float64 eagerly)
@case((100,), (5,))
def h4_float_step_accumulate_count(n):
    x = 0.0
    count = 0
    while x < 1.0 and count < n:
        x += 0.1
        count += 1
    return count


# math.isqrt of a traced int
@case((10,), (16,), (0,))
def h4_math_isqrt_traced(n):
    r = math.isqrt(n)
    return r, r * r == n


# round(v, 1) of counter-made floats (decimal-exact eagerly)
@case((10,), (3,))
def h4_round_counter_floats_one_digit(n):
    out = 0.0
    for i in range(n):
        out = out * 10 + round(i * 0.05, 1) * 10
    return out


# float() then math.exp: a Python float eagerly (float64 range)
@case((95.0,), (1.0,))
def h4_float_cast_exp_overflow(x):
    y = float(x)
    return math.exp(y), y ** 10


# The Python values of eager runs (range items, ints carried through a traced loop,
# int()/float()/math results, flags a traced if set) become traced int32/float32/bool
# scalars in converted code; where JAX's operator differs from Python's on them:
_INVERT = ("documented: `~` of a bool stays JAX's logical not at every shape (`~mask`); "
           "Python's ~True is -2, so `if ~(i % 2 == 0):` always runs eagerly")
_ZERODIV = ("documented: a division by a traced zero is JAX's (inf, nan, an integer "
            "quotient XLA defines), not Python's ZeroDivisionError: a check on every traced "
            "/, // and % would cost a host callback each")
_F64 = ("documented: a Python float made by float()/math/the counter is float64 eagerly "
        "and a float32 converted (value or text differs), unless x64 is enabled")
_EMPTY_SUM = ("documented-like: sum() of an empty filter is Python int 0 eagerly, float32 0.0 "
              "converted (dtype only; as corpus_hunt_python3)")
KNOWN: dict[str, str] = {
    "h4_invert_comparison_range_counter": "MISMATCH jit: " + _INVERT,
    "h4_zero_division_counter_caught": "MISMATCH jit: " + _ZERODIV,
    "h4_floordiv_int_casts_unguarded": "MISMATCH fn: " + _ZERODIV,
    "h4_zeller_weekday_print": "refused: TracedShapeError: a tuple of strs indexed by a "
                               "traced int, even only to print it (clear)",
    "h4_day_of_year_slice_sum": "refused: TracedShapeError: sum(tuple[:m]) with a traced m "
                                "(fair, clear)",
    "h4_popcount_bin_str": "refused: ConcreteValueError: bin() of a traced int (fair, clear)",
    "h4_digit_sum_str": "refused: ConcreteValueError: iterating str() of a traced int (fair)",
    "h4_palindrome_str": "refused: ConcreteValueError: comparing str() of a traced int (fair)",
    "h4_digit_count_vs_str_len": "refused: ConcreteValueError: len(str(n)) of a traced int "
                                 "(fair)",
    "h4_modular_inverse_none": "MISMATCH jit: the ValueError is a run-time check, which plain "
                               "jax.jit reports as JaxRuntimeError (FINDINGS F8)",
    "h4_tuple_indexed_by_bool": "MISMATCH jit: eager JAX cannot index a tuple with a bool "
                                "array (TypeError); converted gathers as Python indexes",
    "h4_min_max_int_float_mix": "MISMATCH fn: documented promotion: max(n, 4.5) picks the "
                                "Python int eagerly, float32 converted (dtype only)",
    "h4_genexp_reductions": "MISMATCH fn: " + _EMPTY_SUM,
    "h4_log_factorial_genexp": "MISMATCH fn: " + _EMPTY_SUM,
    "h4_print_tuple_counter_floats": "MISMATCH jit: documented (README: a weak float prints "
                                     "as the Array): repr of a counter-made float in a "
                                     "printed tuple/list is Array(0.5, ...) converted",
    "h4_print_float_cast": "MISMATCH jit: " + _F64,
    "h4_print_counter_third": "MISMATCH jit: " + _F64,
    "h4_float_step_accumulate_count": "MISMATCH jit: " + _F64,
    "h4_round_counter_floats_one_digit": "MISMATCH jit: " + _F64,
    "h4_float_cast_exp_overflow": "MISMATCH jit: " + _F64,
}
