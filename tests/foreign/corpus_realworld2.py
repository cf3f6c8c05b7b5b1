"""Real-world-style numerical Python, second batch: functions written the way
public algorithm collections write them (maths/, bit_manipulation/,
dynamic_programming/, searches/, sorts/, physics/, financial/, conversions/,
electronics/, linear_algebra/, matrix/, geometry/, scheduling/, digit
strings), with `math.*` replaced by `jnp.*` and nothing else adapted:
builtins, comprehensions, item assignment into arrays and lists, early
returns, convergence loops, digit loops, helpers calling helpers, int casts,
tuples returned, `raise ValueError` on bad input. Written for this corpus (not
copied), each with 2-3 argument sets that take different paths.

KNOWN maps a case to its accepted outcome key ("ok" when absent): "refused" or
"<MISMATCH|CRASH> <mode>", then ": reason". OPEN marks a converter bug or an
unfair refusal still to fix.
"""
from __future__ import annotations

import jax.numpy as jnp
import numpy as np

from tests.foreign.harness import case

F = lambda *v: np.array(v, np.float32)  # noqa: E731
I = lambda *v: np.array(v, np.int32)  # noqa: E731


# ================================================================ maths/

@case((28,), (12,), (1,), vmap=True)
def rw2_sum_of_divisors(n):
    total = 0
    for i in range(1, int(jnp.sqrt(n)) + 1):
        if n % i == 0:
            total += i
            if i != n // i:
                total += n // i
    return total - n


@case((360,), (97,), (1,), vmap=True)
def rw2_count_prime_factors(n):
    count = 0
    i = 2
    while i * i <= n:
        while n % i == 0:
            n //= i
            count += 1
        i += 1
    if n > 1:
        count += 1
    return count


@case((13195,), (600,), (17,))
def rw2_largest_prime_factor(n):
    if n <= 0:
        raise ValueError("Parameter n must be greater than or equal to one.")
    i = 2
    ans = 0
    if n == 2:
        return 2
    while n > 2:
        while n % i != 0:
            i += 1
        ans = i
        while n % i == 0:
            n = n // i
        i += 1
    return int(ans)


@case((16,), (15,), (0,), vmap=True)
def rw2_is_perfect_square(num):
    return int(jnp.sqrt(num)) ** 2 == num


@case((49,), (50,), (1,))
def rw2_perfect_square_binary_search(n):
    left = 0
    right = n
    while left <= right:
        mid = (left + right) // 2
        if mid ** 2 == n:
            return True
        elif mid ** 2 > n:
            right = mid - 1
        else:
            left = mid + 1
    return False


@case((99,), (100,), (2,))
def rw2_integer_sqrt_newton(n):
    if n < 2:
        return n
    x = n
    y = (x + n // x) // 2
    while y < x:
        x = y
        y = (x + n // x) // 2
    return x


@case((12345,), (-907,), (0,), vmap=True)
def rw2_num_digits(n):
    digits = 0
    n = abs(n)
    while True:
        n = n // 10
        digits += 1
        if n == 0:
            break
    return digits


@case((493193,), (7,), (0,), vmap=True)
def rw2_digital_root(n):
    while n >= 10:
        s = 0
        while n > 0:
            s += n % 10
            n //= 10
        n = s
    return n


@case((1234,), (1200,), (5,))
def rw2_reverse_number(n):
    result = 0
    while n > 0:
        result = result * 10 + n % 10
        n = n // 10
    return result


@case((36,), (7,), (1,))
def rw2_euler_totient(n):
    result = n
    p = 2
    while p * p <= n:
        if n % p == 0:
            while n % p == 0:
                n //= p
            result -= result // p
        p += 1
    if n > 1:
        result -= result // n
    return result


def _rw2_prime_factor_list_len_and_square(n):
    factors = 0
    square = False
    i = 2
    while i * i <= n:
        if n % i == 0:
            n //= i
            factors += 1
            if n % i == 0:
                square = True
        else:
            i += 1
    if n > 1:
        factors += 1
    return factors, square


@case((30,), (12,), (7,), (1,))
def rw2_mobius(n):
    factors, square = _rw2_prime_factor_list_len_and_square(n)
    if square:
        return 0
    return 1 if factors % 2 == 0 else -1


@case((18,), (19,), (0,))
def rw2_is_harshad(n):
    if n <= 0:
        raise ValueError("n must be positive")
    s, m = 0, n
    while m:
        s += m % 10
        m //= 10
    return n % s == 0


@case((76,), (25,), (13,))
def rw2_is_automorphic(n):
    if n < 0:
        return False
    sq = n * n
    while n > 0:
        if n % 10 != sq % 10:
            return False
        n //= 10
        sq //= 10
    return True


def _rw2_digit_square_sum(n):
    s = 0
    while n > 0:
        d = n % 10
        s += d * d
        n //= 10
    return s


@case((19,), (4,), (7,), vmap=True)
def rw2_is_happy_floyd(n):
    slow = n
    fast = _rw2_digit_square_sum(n)
    while fast != 1 and slow != fast:
        slow = _rw2_digit_square_sum(slow)
        fast = _rw2_digit_square_sum(_rw2_digit_square_sum(fast))
    return fast == 1


@case((19,), (4,))
def rw2_is_happy_seen_set(n):
    n = int(n)
    seen = set()
    while n != 1 and n not in seen:
        seen.add(n)
        n = _rw2_digit_square_sum(n)
    return n == 1


@case((3524,), (6174,), (2111,), vmap=True)
def rw2_kaprekar_steps(n):
    steps = 0
    while n != 6174 and steps < 10:
        digits = [n // 1000 % 10, n // 100 % 10, n // 10 % 10, n % 10]
        asc = sorted(digits)
        big = asc[3] * 1000 + asc[2] * 100 + asc[1] * 10 + asc[0]
        small = asc[0] * 1000 + asc[1] * 100 + asc[2] * 10 + asc[3]
        n = big - small
        steps += 1
    return steps


@case((12,), (28,), (13,))
def rw2_classify_number(n):
    s = sum(d for d in range(1, n) if n % d == 0)
    if s > n:
        return 1
    elif s == n:
        return 0
    return -1


@case((220,), (284,), (100,))
def rw2_is_amicable(a):
    def d(x):
        total = 1
        for i in range(2, x):
            if x % i == 0:
                total += i
        return total
    b = d(a)
    return b != a and d(b) == a


@case((5,), (0,), (10,), vmap=True)
def rw2_catalan_multiplicative(n):
    if n < 0:
        raise ValueError("n must be non-negative")
    c = 1
    for i in range(n):
        c = c * 2 * (2 * i + 1) // (i + 2)
    return c


@case((10, 3), (6, 0), (7, 7), vmap=True)
def rw2_binomial_multiplicative(n, k):
    if k > n - k:
        k = n - k
    res = 1
    for i in range(k):
        res = res * (n - i)
        res = res // (i + 1)
    return res


@case((5, 2), (8, 4), static=(0,))
def rw2_binomial_dp_list(n, r):
    c = [0 for _ in range(r + 1)]
    c[0] = 1
    for i in range(1, n + 1):
        j = min(i, r)
        while j > 0:
            c[j] += c[j - 1]
            j -= 1
    return c[r]


def _rw2_mat_mult_2x2(a, b):
    return (a[0] * b[0] + a[1] * b[2], a[0] * b[1] + a[1] * b[3],
            a[2] * b[0] + a[3] * b[2], a[2] * b[1] + a[3] * b[3])


@case((10,), (1,), (0,), vmap=True)
def rw2_fibonacci_matrix_power(n):
    result = (1, 0, 0, 1)
    base = (1, 1, 1, 0)
    while n > 0:
        if n % 2 == 1:
            result = _rw2_mat_mult_2x2(result, base)
        base = _rw2_mat_mult_2x2(base, base)
        n //= 2
    return result[1]


@case((9,), (0,), (1,))
def rw2_lucas_number(n):
    if not isinstance(n, int) and not hasattr(n, "dtype"):
        raise TypeError("lucas_number accepts only integer arguments.")
    a, b = 2, 1
    for _ in range(n):
        a, b = b, a + b
    return a


@case((10,), (2,), (0,))
def rw2_tribonacci(n):
    if n < 3:
        return 0 if n < 2 else 1
    a, b, c = 0, 0, 1
    for _ in range(n - 2):
        a, b, c = b, c, a + b + c
    return c


@case((3, 200, 13), (2, 10, 1000), (7, 0, 5))
def rw2_binary_exp_mod(a, n, mod):
    res = 1
    a = a % mod
    while n > 0:
        if n & 1:
            res = (res * a) % mod
        a = (a * a) % mod
        n >>= 1
    return res


@case((3, 200, 13), (2, 10, 1000), (7, 0, 5), ref=rw2_binary_exp_mod)
def rw2_builtin_pow_mod(a, n, mod):
    return pow(a, n, mod)


def _rw2_extended_gcd(a, b):
    if b == 0:
        return a, 1, 0
    x0, x1, y0, y1 = 1, 0, 0, 1
    while b != 0:
        q, r = divmod(a, b)
        a, b = b, r
        x0, x1 = x1, x0 - q * x1
        y0, y1 = y1, y0 - q * y1
    return a, x0, y0


@case((3, 11), (10, 17), (6, 9))
def rw2_mod_inverse(a, m):
    g, x, _ = _rw2_extended_gcd(a, m)
    if g != 1:
        raise ValueError(f"mod inverse of {a} mod {m} does not exist")
    return x % m


@case((5, 1, 7, 3), (2, 3, 3, 5))
def rw2_chinese_remainder(n1, r1, n2, r2):
    _, x, y = _rw2_extended_gcd(n1, n2)
    m = n1 * n2
    n = r2 * x * n1 + r1 * y * n2
    return (n % m + m) % m


@case((3.2,), (-3.2,), (4.0,), vmap=True)
def rw2_ceil_custom(x):
    return int(x) if x - int(x) <= 0 else int(x) + 1


@case((3.7,), (-3.7,), (2.0,), vmap=True)
def rw2_floor_custom(x):
    return int(x) if x - int(x) >= 0 else int(x) - 1


@case((F(-5.0, 3.0, -2.0),), (F(4.0, 1.0, 9.0),))
def rw2_abs_min(x):
    if len(x) == 0:
        raise ValueError("abs_min() arg is an empty sequence")
    j = x[0]
    for i in x:
        if abs(i) < abs(j):
            j = i
    return j


@case((F(3.0, 1.0, 2.0, 5.0),), (F(4.0, 1.0, 2.0),))
def rw2_median_sorted(nums):
    s = sorted(nums)
    length = len(s)
    mid = length // 2
    return (s[mid] + s[mid - 1]) / 2 if length % 2 == 0 else s[mid]


@case((F(2.0, 8.0),), (F(1.0, 3.0, 9.0),))
def rw2_geometric_mean(series):
    if len(series) == 0:
        raise ValueError("Input list must be a non empty list")
    answer = 1.0
    for value in series:
        answer *= value
    return pow(answer, 1 / len(series))


@case((F(1.0, 4.0, 4.0),), (F(2.0, 0.0),))
def rw2_harmonic_mean(series):
    if len(series) == 0:
        raise ValueError("Input list must be a non empty list")
    recip = 0.0
    for v in series:
        if v == 0:
            return 0.0
        recip += 1 / v
    return len(series) / recip


@case((1.0, -3.0, 2.0), (1.0, 2.0, 5.0), (1.0, -2.0, 1.0))
def rw2_quadratic_roots(a, b, c):
    if a == 0:
        raise ValueError("Coefficient 'a' must not be zero.")
    delta = b * b - 4 * a * c
    if delta < 0:
        raise ValueError("complex roots")
    r1 = (-b + jnp.sqrt(delta)) / (2 * a)
    r2 = (-b - jnp.sqrt(delta)) / (2 * a)
    return r1, r2


@case((1.0, 2.0, 5), (3.0, 1.0, 4), (2.0, 0.5, 6), grad=0)
def rw2_sum_geometric_progression(first_term, common_ratio, num_of_terms):
    if common_ratio == 1:
        return num_of_terms * first_term
    return (first_term / (1 - common_ratio)) * (1 - common_ratio ** num_of_terms)


@case((F(1.0, 2.0, 3.0), F(4.0, 6.0, 3.0)), (F(0.0, 0.0, 0.0), F(1.0, 1.0, 1.0)), grad=0)
def rw2_euclidean_distance_zip(v1, v2):
    return jnp.sqrt(sum((a - b) ** 2 for a, b in zip(v1, v2)))


@case((F(1.0, 2.0), F(4.0, -6.0), 3), (F(1.0, 2.0), F(4.0, -6.0), 0))
def rw2_minkowski_distance(p1, p2, order):
    if order < 1:
        raise ValueError("The order must be greater than or equal to 1.")
    if len(p1) != len(p2):
        raise ValueError("Both points must have the same dimension.")
    return sum(abs(a - b) ** order for a, b in zip(p1, p2)) ** (1 / order)


@case((F(1.0, 2.0, 3.0), F(1.0, 5.0, 7.0)), (F(3.0, 0.0), F(0.0, 3.0)))
def rw2_chebyshev_distance(a, b):
    return max(abs(x - y) for x, y in zip(a, b))


@case((F(1.0, 2.0, 3.0), F(4.0, 5.0, 6.0)), (F(1.0, 0.0, 0.0), F(0.0, 1.0, 0.0)), grad=0)
def rw2_cosine_similarity(a, b):
    dot = sum(x * y for x, y in zip(a, b))
    na = jnp.sqrt(sum(x * x for x in a))
    nb = jnp.sqrt(sum(y * y for y in b))
    return dot / (na * nb)


def _rw2_f_square(x):
    return x * x


@case((0.0, 1.0, 10), (1.0, 3.0, 4), grad=1)
def rw2_midpoint_rule(a, b, n):
    h = (b - a) / n
    total = 0.0
    for i in range(n):
        total += _rw2_f_square(a + (i + 0.5) * h)
    return total * h


@case((2.0, 3.0), (0.0, 2.0), (1.0, 4.0))
def rw2_regula_falsi(a, b):
    def f(x):
        return x ** 3 - 2 * x - 5
    if f(a) * f(b) >= 0:
        raise ValueError("f(a) and f(b) must have opposite signs")
    c = a
    for _ in range(100):
        c = (a * f(b) - b * f(a)) / (f(b) - f(a))
        if abs(f(c)) < 1e-5:
            break
        if f(c) * f(a) < 0:
            b = c
        else:
            a = c
    return c


@case((27.0,), (2.0,), (0.125,), grad=0, vmap=True)
def rw2_cube_root_newton(a):
    x = a
    while True:
        nxt = x - (x ** 3 - a) / (3 * x * x)
        if abs(nxt - x) < 1e-5 * abs(x):
            return nxt
        x = nxt


@case((3.5,), (-0.2,), (0.0,), vmap=True)
def rw2_signum(num):
    if num < 0:
        return -1
    return 1 if num else 0


@case((3.0, 4.0, 5.0), (1.0, 1.0, 3.0), (2.0, 2.0, 2.0), grad=0)
def rw2_heron_area(a, b, c):
    if a < 0 or b < 0 or c < 0:
        raise ValueError("area_triangle() only accepts non-negative values")
    if a + b < c or a + c < b or b + c < a:
        raise ValueError("Given three sides do not form a triangle")
    s = (a + b + c) / 2
    return jnp.sqrt(s * (s - a) * (s - b) * (s - c))


@case((F(6.0, 10.0, 5.0),), (F(3.0, 7.0, 13.0, 2.0),))
def rw2_check_polygon(sides):
    if len(sides) < 2:
        raise ValueError("Monogons and Digons are not polygons in the Euclidean space")
    if any(s <= 0 for s in sides):
        raise ValueError("All values must be greater than 0")
    copy_nums = sorted(sides)
    return copy_nums[-1] < sum(copy_nums[:-1])


@case((2.0, 3.0), (-1.0, 3.0), grad=0)
def rw2_volume_cone(radius, height):
    if height < 0 or radius < 0:
        raise ValueError("vol_cone() only accepts non-negative values")
    return jnp.pi * pow(radius, 2) * height / 3.0


@case((600,), (8,), (14,), vmap=True)
def rw2_is_ugly(n):
    if n <= 0:
        return False
    for p in (2, 3, 5):
        while n % p == 0:
            n //= p
    return n == 1


@case((10,), (1,), (15,))
def rw2_nth_ugly_number(n):
    ugly_nums = [1]
    i2, i3, i5 = 0, 0, 0
    next_2, next_3, next_5 = 2, 3, 5
    for _ in range(1, n):
        next_num = min(next_2, next_3, next_5)
        ugly_nums.append(next_num)
        if next_num == next_2:
            i2 += 1
            next_2 = ugly_nums[i2] * 2
        if next_num == next_3:
            i3 += 1
            next_3 = ugly_nums[i3] * 3
        if next_num == next_5:
            i5 += 1
            next_5 = ugly_nums[i5] * 5
    return ugly_nums[-1]


@case((10,), (1000,), (1,), vmap=True)
def rw2_sum_multiples_3_or_5(n):
    return sum(e for e in range(3, n) if e % 3 == 0 or e % 5 == 0)


@case((100,), (4000000,), (1,), vmap=True)
def rw2_even_fib_sum(n):
    i, j = 1, 2
    total = 0
    while j <= n:
        if j % 2 == 0:
            total += j
        i, j = j, i + j
    return total


def _rw2_gcd(a, b):
    return a if b == 0 else _rw2_gcd(b, a % b)


@case((10,), (6,), (1,))
def rw2_smallest_multiple(n):
    g = 1
    for i in range(1, n + 1):
        g = g * i // _rw2_gcd_iter(g, i)
    return g


def _rw2_gcd_iter(a, b):
    while b:
        a, b = b, a % b
    return a


@case((48, 18), (17, 5))
def rw2_gcd_recursive(a, b):
    return _rw2_gcd(a, b)


@case((12,), (1000,))
def rw2_pythagorean_triplet_product(n):
    for a in range(1, n // 3 + 1):
        for b in range(a + 1, n // 2 + 1):
            c = n - a - b
            if a * a + b * b == c * c:
                return a * b * c
    return -1


@case((25,), (100,), (4,), vmap=True)
def rw2_factorial_trailing_zeros(n):
    count = 0
    i = 5
    while n // i >= 1:
        count += n // i
        i *= 5
    return count


@case((7, 3), (10, 2), (1, 5))
def rw2_josephus_iterative(n, k):
    res = 0
    for i in range(2, n + 1):
        res = (res + k) % i
    return res + 1


@case((7,), (5,))
def rw2_integer_partitions(m):
    memo = [[0 for _ in range(m)] for _ in range(m + 1)]
    for i in range(m + 1):
        memo[i][0] = 1
    for n in range(m + 1):
        for k in range(1, m):
            memo[n][k] += memo[n][k - 1]
            if n - k > 0:
                memo[n][k] += memo[n - k - 1][k]
    return memo[m][m - 1]


# ================================================================ conversions/

@case((10,), (255,), (0,), vmap=True)
def rw2_decimal_to_binary_int(n):
    result, place = 0, 1
    while n > 0:
        result += (n % 2) * place
        n //= 2
        place *= 10
    return result


@case((1010,), (11111111,), (0,))
def rw2_binary_int_to_decimal(b):
    dec, base = 0, 1
    while b > 0:
        last = b % 10
        if last > 1:
            raise ValueError("Non-binary value was passed to the function")
        dec += last * base
        b //= 10
        base *= 2
    return dec


@case((65,), (8,), (0,))
def rw2_decimal_to_octal(num):
    octal = 0
    counter = 0
    while num > 0:
        remainder = num % 8
        octal = octal + (remainder * int(jnp.power(10, counter)))
        counter += 1
        num = num // 8
    return octal


@case((255,), (4096,), (0,))
def rw2_hex_digit_count(n):
    if n == 0:
        return 1
    c = 0
    while n:
        n >>= 4
        c += 1
    return c


@case((100.0,), (-40.0,), (36.6,), vmap=True)
def rw2_celsius_to_fahrenheit(celsius, ndigits=2):
    return round((float(celsius) * 9 / 5) + 32, ndigits)


@case((373.15,), (0.0,), (-1.0,))
def rw2_kelvin_to_celsius(kelvin, ndigits=2):
    if kelvin < 0:
        raise ValueError("Kelvin cannot be negative")
    return round(float(kelvin) - 273.15, ndigits)


_RW2_PRESSURE = {"atm": (1.0, 1.0), "pascal": (0.0000098, 101325.0),
                 "bar": (0.986923, 1.01325), "psi": (0.068046, 14.6959)}


@case((4.0, "atm", "pascal"), (1.0, "psi", "bar"), (2.0, "torr", "atm"))
def rw2_pressure_conversion(value, from_type, to_type):
    if from_type not in _RW2_PRESSURE:
        raise ValueError(f"Invalid 'from_type' value: {from_type!r}")
    if to_type not in _RW2_PRESSURE:
        raise ValueError(f"Invalid 'to_type' value: {to_type!r}")
    return value * _RW2_PRESSURE[from_type][0] * _RW2_PRESSURE[to_type][1]


_RW2_SPEED = {"km/h": 1.0, "m/s": 3.6, "mph": 1.609344, "knot": 1.852}


@case((100.0, "km/h", "m/s"), (3.0, "knot", "mph"), grad=0)
def rw2_convert_speed(speed, unit_from, unit_to):
    if unit_to not in _RW2_SPEED or unit_from not in _RW2_SPEED:
        raise ValueError("Incorrect 'from_type' or 'to_type'")
    return round(speed * _RW2_SPEED[unit_from] / _RW2_SPEED[unit_to], 3)


@case((2.0, 300.0, 0.05), (1.0, 273.0, 0.0224))
def rw2_ideal_gas_pressure(moles, kelvin, volume):
    if moles < 0 or kelvin < 0 or volume < 0:
        raise ValueError("Invalid inputs. Enter positive value.")
    return moles * kelvin * 8.314462 / volume


@case((1994,), (3999,), (4,))
def rw2_int_to_roman_length(number):
    values = (1000, 900, 500, 400, 100, 90, 50, 40, 10, 9, 5, 4, 1)
    lengths = (1, 2, 1, 2, 1, 2, 1, 2, 1, 2, 1, 2, 1)
    out = 0
    for arabic, ln in zip(values, lengths):
        factor, number = divmod(number, arabic)
        out += ln * factor
        if number == 0:
            break
    return out


# ================================================================ bit_manipulation/

@case((25,), (0,), (255,), vmap=True)
def rw2_count_set_bits_kernighan(number):
    if number < 0:
        raise ValueError("the value of input must not be negative")
    result = 0
    while number:
        number &= number - 1
        result += 1
    return result


@case((25,), (0,), (1024,), vmap=True)
def rw2_count_set_bits_shift(number):
    count = 0
    while number > 0:
        if number % 2 == 1:
            count += 1
        number = number >> 1
    return count


@case((16,), (18,), (0,), vmap=True)
def rw2_is_power_of_two(number):
    if number < 0:
        raise ValueError("number must not be negative")
    return number & (number - 1) == 0


@case((25,), (1,), (0,), vmap=True)
def rw2_highest_set_bit_position(number):
    position = 0
    while number:
        position += 1
        number >>= 1
    return position


@case((36,), (1,), (0,))
def rw2_index_of_rightmost_set_bit(number):
    if number < 0:
        raise ValueError("Input must be a non-negative integer")
    intermediate = number & ~(number - 1)
    index = 0
    while intermediate:
        intermediate >>= 1
        index += 1
    return index - 1


@case((1,), (0b10110000,), (255,), vmap=True)
def rw2_reverse_bits_8(n):
    result = 0
    for _ in range(8):
        result <<= 1
        result |= n & 1
        n >>= 1
    return result


@case((13,), (0,), (255,), vmap=True)
def rw2_gray_roundtrip(n):
    g = n ^ (n >> 1)
    b = g
    mask = g >> 1
    while mask:
        b ^= mask
        mask >>= 1
    return g, b


@case((23,), (2,), vmap=True)
def rw2_swap_odd_even_bits(num):
    even_bits = num & 0xAAAA
    odd_bits = num & 0x5555
    return even_bits >> 1 | odd_bits << 1


@case((I(4, 1, 2, 1, 2),), (I(7, 3, 3),))
def rw2_single_number_xor(nums):
    res = 0
    for n in nums:
        res ^= n
    return res


@case((1, 4), (93, 73), (0, 0), vmap=True)
def rw2_hamming_distance_int(x, y):
    z = x ^ y
    d = 0
    while z > 0:
        d += z & 1
        z >>= 1
    return d


@case((15, 27), (0, 5), (100, 0), vmap=True)
def rw2_add_without_plus(a, b):
    while b != 0:
        carry = a & b
        a = a ^ b
        b = carry << 1
    return a


@case((64,), (7,), (1,))
def rw2_count_zeros_binary(n):
    zeros = 0
    while n > 1:
        if n & 1 == 0:
            zeros += 1
        n >>= 1
    return zeros


@case((8, 2), (7, 1), (8, 3))
def rw2_get_bit_set_clear(number, position):
    is_set = (number >> position) & 1
    if is_set == 1:
        return number & ~(1 << position)
    return number | (1 << position)


# ================================================================ dynamic_programming/

@case((F(1, 3, 1, 1, 5, 1, 4, 2, 1).reshape(3, 3),), (F(1, 2, 3, 4, 5, 6).reshape(2, 3),))
def rw2_min_path_sum_grid(grid):
    rows, cols = grid.shape
    dp = [[0.0] * cols for _ in range(rows)]
    for i in range(rows):
        for j in range(cols):
            if i == 0 and j == 0:
                dp[i][j] = grid[0][0]
            elif i == 0:
                dp[i][j] = dp[i][j - 1] + grid[i][j]
            elif j == 0:
                dp[i][j] = dp[i - 1][j] + grid[i][j]
            else:
                dp[i][j] = min(dp[i - 1][j], dp[i][j - 1]) + grid[i][j]
    return dp[-1][-1]


@case((I(1, 3, 4, 1, 2), I(3, 4, 1, 2, 1)), (I(1, 2, 3), I(4, 5, 6)))
def rw2_lcs_length(x, y):
    m, n = len(x), len(y)
    dp = [[0] * (n + 1) for _ in range(m + 1)]
    for i in range(1, m + 1):
        for j in range(1, n + 1):
            if x[i - 1] == y[j - 1]:
                dp[i][j] = dp[i - 1][j - 1] + 1
            else:
                dp[i][j] = max(dp[i - 1][j], dp[i][j - 1])
    return dp[m][n]


@case((I(1, 2, 3, 4), I(1, 3, 4, 5)), (I(7, 7, 7), I(1, 2, 3)))
def rw2_edit_distance_array(a, b):
    m, n = a.shape[0], b.shape[0]
    dp = np.zeros((m + 1, n + 1), dtype=np.int32)
    for i in range(m + 1):
        for j in range(n + 1):
            if i == 0:
                dp[i, j] = j
            elif j == 0:
                dp[i, j] = i
            elif a[i - 1] == b[j - 1]:
                dp[i, j] = dp[i - 1, j - 1]
            else:
                dp[i, j] = 1 + min(dp[i - 1, j], dp[i, j - 1], dp[i - 1, j - 1])
    return dp[m, n]


@case((F(2.0, 3.0, -2.0, 4.0),), (F(-2.0, 0.0, -1.0),), (F(-2.0, 3.0, -4.0),))
def rw2_max_product_subarray(numbers):
    if len(numbers) == 0:
        return 0
    max_till_now = min_till_now = max_prod = numbers[0]
    for i in range(1, len(numbers)):
        number = numbers[i]
        if number < 0:
            max_till_now, min_till_now = min_till_now, max_till_now
        max_till_now = max(number, max_till_now * number)
        min_till_now = min(number, min_till_now * number)
        max_prod = max(max_prod, max_till_now)
    return max_prod


@case((I(2, 7, 9, 3, 1),), (I(1, 2, 3, 1),))
def rw2_house_robber(nums):
    prev_max = 0
    curr_max = 0
    for num in nums:
        temp = curr_max
        curr_max = max(prev_max + num, curr_max)
        prev_max = temp
    return curr_max


@case((I(1, 6, 11, 5),), (I(3, 1, 4, 2, 2),))
def rw2_min_partition_diff(arr):
    n = len(arr)
    s = int(sum(arr))
    dp = [[False for _ in range(s + 1)] for _ in range(n + 1)]
    for i in range(n + 1):
        dp[i][0] = True
    for i in range(1, n + 1):
        for j in range(1, s + 1):
            dp[i][j] = dp[i - 1][j]
            if arr[i - 1] <= j:
                dp[i][j] = dp[i][j] or dp[i - 1][j - arr[i - 1]]
    diff = s
    for j in range(s // 2, -1, -1):
        if dp[n][j]:
            diff = s - 2 * j
            break
    return diff


@case((I(3, 34, 4, 12, 5, 2), 9), (I(3, 34, 4, 12, 5, 2), 30), (I(1, 2), 0))
def rw2_subset_sum(arr, required_sum):
    subset = np.zeros(41, dtype=bool)
    subset[0] = True
    for v in arr:
        for j in range(40, 0, -1):
            if j >= v and subset[j - v]:
                subset[j] = True
    return subset[required_sum]


@case((F(1, 5, 8, 9, 10, 17, 17, 20), 4), (F(3, 5, 8, 9, 10, 17, 17, 20), 8),
      (F(1, 5, 8, 9, 10, 17, 17, 20), 0))
def rw2_rod_cutting(prices, n):
    if n < 0:
        raise ValueError("n must be non-negative")
    max_rev = [0.0] * (len(prices) + 1)
    for i in range(1, len(prices) + 1):
        best = -1.0
        for j in range(1, i + 1):
            best = max(best, prices[j - 1] + max_rev[i - j])
        max_rev[i] = best
    return max_rev[n]


@case((I(1, 2, 3), 4), (I(2, 5, 3, 6), 10), (I(5,), 3))
def rw2_coin_change_ways(coins, n):
    table = [0] * 11
    table[0] = 1
    for coin in coins:
        for i in range(coin, 11):
            table[i] += table[i - coin]
    return table[n]


@case((I(1, 2, 3, 2, 1),), (I(1, 2, 3, 4),), (I(4, 1, 4, 1, 4),))
def rw2_longest_palindromic_subseq(seq):
    n = len(seq)
    dp = np.zeros((n, n), np.int32)
    for i in range(n - 1, -1, -1):
        dp[i][i] = 1
        for j in range(i + 1, n):
            if seq[i] == seq[j]:
                dp[i][j] = dp[i + 1][j - 1] + 2
            else:
                dp[i][j] = max(dp[i + 1][j], dp[i][j - 1])
    return dp[0][n - 1]


@case((10,), (1,), (15,), static=(0,))
def rw2_min_steps_to_one(number):
    if number <= 0:
        raise ValueError(f"n must be greater than 0. Got n = {number}")
    table = [number + 1] * (number + 1)
    table[1] = 0
    for i in range(1, number):
        table[i + 1] = min(table[i + 1], table[i] + 1)
        if i * 2 <= number:
            table[i * 2] = min(table[i * 2], table[i] + 1)
        if i * 3 <= number:
            table[i * 3] = min(table[i * 3], table[i] + 1)
    return table[number]


@case((10,), (1,), (15,))
def rw2_min_steps_to_one_traced(number):
    steps = 0
    while number > 1:
        if number % 3 == 0:
            number //= 3
        elif number % 2 == 0 and (number - 1) % 3 != 0:
            number //= 2
        else:
            number -= 1
        steps += 1
    return steps


@case((I(40, 20, 30, 10, 30),), (I(10, 20, 30),))
def rw2_matrix_chain_order(p):
    n = len(p)
    m = [[0 for _ in range(n)] for _ in range(n)]
    for length in range(2, n):
        for a in range(1, n - length + 1):
            b = a + length - 1
            m[a][b] = 10 ** 8
            for c in range(a, b):
                cost = m[a][c] + m[c + 1][b] + p[a - 1] * p[c] * p[b]
                if cost < m[a][b]:
                    m[a][b] = cost
    return m[1][n - 1]


@case((I(2, 3, 1, 1, 4),), (I(3, 2, 1, 0, 4),), (I(0, 1),))
def rw2_can_jump(nums):
    reach = 0
    for i, n in enumerate(nums):
        if i > reach:
            return False
        reach = max(reach, i + n)
    return True


@case((I(2, 3, 1, 1, 4),), (I(1, 1, 1, 1),), (I(5, 1, 1),))
def rw2_min_jumps(nums):
    n = len(nums)
    jumps = 0
    cur_end = 0
    farthest = 0
    for i in range(n - 1):
        farthest = max(farthest, i + nums[i])
        if i == cur_end:
            jumps += 1
            cur_end = farthest
            if cur_end >= n - 1:
                break
    return jumps


@case((I(0, 1, 0, 2, 1, 0, 1, 3, 2, 1, 2, 1),), (I(4, 2, 0, 3, 2, 5),), (I(1, 2, 3),))
def rw2_trapped_rainwater_two_pointer(heights):
    left, right = 0, len(heights) - 1
    left_max = right_max = 0
    water = 0
    while left < right:
        if heights[left] < heights[right]:
            if heights[left] >= left_max:
                left_max = heights[left]
            else:
                water += left_max - heights[left]
            left += 1
        else:
            if heights[right] >= right_max:
                right_max = heights[right]
            else:
                water += right_max - heights[right]
            right -= 1
    return water


@case((I(0, 1, 0, 2, 1, 0, 1, 3, 2, 1, 2, 1),), (I(4, 2, 0, 3, 2, 5),))
def rw2_trapped_rainwater_prefix(heights):
    length = len(heights)
    left_max = [0] * length
    left_max[0] = heights[0]
    for i, height in enumerate(heights[1:], start=1):
        left_max[i] = max(height, left_max[i - 1])
    right_max = [0] * length
    right_max[length - 1] = heights[length - 1]
    for i in range(length - 2, -1, -1):
        right_max[i] = max(heights[i], right_max[i + 1])
    return sum(min(left, right) - height
               for left, right, height in zip(left_max, right_max, heights))


@case((F(7, 1, 5, 3, 6, 4),), (F(7, 6, 4, 3, 1),))
def rw2_max_profit_one(prices):
    if not len(prices):
        return 0
    min_price = prices[0]
    max_profit = 0
    for price in prices:
        min_price = min(price, min_price)
        max_profit = max(price - min_price, max_profit)
    return max_profit


@case((F(7, 1, 5, 3, 6, 4),), (F(1, 2, 3, 4, 5),))
def rw2_max_profit_many(prices):
    profit = 0
    for i in range(1, len(prices)):
        if prices[i] > prices[i - 1]:
            profit += prices[i] - prices[i - 1]
    return profit


@case((I(1, 3, 5, 4, 7),), (I(2, 2, 2, 2),), (I(5, 6, 7, 1, 2, 3, 4),))
def rw2_longest_increasing_run(nums):
    best = cur = 1
    for i in range(1, len(nums)):
        if nums[i] > nums[i - 1]:
            cur += 1
            best = max(best, cur)
        else:
            cur = 1
    return best


@case((8,), (3,), static=(0,))
def rw2_catalan_dp(n):
    catalan = [0] * (n + 1)
    catalan[0] = 1
    if n > 0:
        catalan[1] = 1
    for i in range(2, n + 1):
        for j in range(i):
            catalan[i] += catalan[j] * catalan[i - j - 1]
    return catalan[n]


@case((F(-2, 1, -3, 4, -1, 2, 1, -5, 4),), (F(-3.0, -1.0, -2.0),))
def rw2_max_subarray_indices(arr):
    best, best_l, best_r = arr[0], 0, 0
    cur, cur_l = 0.0, 0
    for i in range(len(arr)):
        if cur <= 0:
            cur = arr[i]
            cur_l = i
        else:
            cur += arr[i]
        if cur > best:
            best, best_l, best_r = cur, cur_l, i
    return best, best_l, best_r


@case((I(1, 5, 11, 5),), (I(1, 2, 3, 5),))
def rw2_can_partition_equal(nums):
    total = sum(nums)
    if total % 2:
        return False
    target = total // 2
    dp = [True] + [False] * 30
    for num in nums:
        for s in range(30, 0, -1):
            if s >= num and s <= target:
                dp[s] = dp[s] or dp[s - num]
    return dp[target]


# ================================================================ searches/

@case((I(5, 3, 8, 1), 8), (I(5, 3, 8, 1), 7))
def rw2_linear_search(sequence, target):
    for index, item in enumerate(sequence):
        if item == target:
            return index
    return -1


@case((I(1, 3, 5, 7, 9, 11, 13, 15, 17), 13), (I(1, 3, 5, 7, 9, 11, 13, 15, 17), 4),
      (I(1, 3, 5, 7, 9, 11, 13, 15, 17), 1), vmap=True)
def rw2_jump_search(arr, item):
    arr_size = len(arr)
    block_size = int(jnp.sqrt(arr_size))
    prev = 0
    step = block_size
    while arr[min(step, arr_size) - 1] < item:
        prev = step
        step += block_size
        if prev >= arr_size:
            return -1
    while arr[prev] < item:
        prev += 1
        if prev == min(step, arr_size):
            return -1
    if arr[prev] == item:
        return prev
    return -1


@case((I(10, 20, 30, 40, 50, 60), 40), (I(10, 20, 30, 40, 50, 60), 35),
      (I(10, 20, 30, 40, 50, 60), 10), vmap=True)
def rw2_interpolation_search(sorted_collection, item):
    left = 0
    right = len(sorted_collection) - 1
    while left <= right:
        if sorted_collection[left] == sorted_collection[right]:
            if sorted_collection[left] == item:
                return left
            return -1
        point = left + ((item - sorted_collection[left]) * (right - left)) // (
            sorted_collection[right] - sorted_collection[left])
        if point < 0 or point >= len(sorted_collection):
            return -1
        current_item = sorted_collection[point]
        if current_item == item:
            return point
        if point < left:
            right = left
            left = point
        elif point > right:
            left = right
            right = point
        elif item < current_item:
            right = point - 1
        else:
            left = point + 1
    return -1


@case((I(1, 2, 4, 8, 16, 32, 64), 16), (I(1, 2, 4, 8, 16, 32, 64), 3),
      (I(1, 2, 4, 8, 16, 32, 64), 64), vmap=True)
def rw2_ternary_search_iter(array, target):
    left, right = 0, len(array) - 1
    while left <= right:
        one_third = left + (right - left) // 3
        two_third = right - (right - left) // 3
        if array[one_third] == target:
            return one_third
        if array[two_third] == target:
            return two_third
        if target < array[one_third]:
            right = one_third - 1
        elif array[two_third] < target:
            left = two_third + 1
        else:
            left = one_third + 1
            right = two_third - 1
    return -1


def _rw2_binary_search_range(arr, lo, hi, target):
    while lo <= hi:
        mid = (lo + hi) // 2
        if arr[mid] == target:
            return mid
        if arr[mid] < target:
            lo = mid + 1
        else:
            hi = mid - 1
    return -1


@case((I(2, 3, 4, 10, 40, 50, 60, 70), 10), (I(2, 3, 4, 10, 40, 50, 60, 70), 70),
      (I(2, 3, 4, 10, 40, 50, 60, 70), 5), vmap=True)
def rw2_exponential_search(arr, target):
    if arr[0] == target:
        return 0
    n = len(arr)
    i = 1
    while i < n and arr[i] <= target:
        i *= 2
    return _rw2_binary_search_range(arr, i // 2, min(i, n - 1), target)


@case((I(1, 2, 2, 2, 3, 5), 2), (I(1, 2, 2, 2, 3, 5), 4), (I(1, 2, 2, 2, 3, 5), 9), vmap=True)
def rw2_bisect_left(sorted_collection, item):
    lo, hi = 0, len(sorted_collection)
    while lo < hi:
        mid = lo + (hi - lo) // 2
        if sorted_collection[mid] < item:
            lo = mid + 1
        else:
            hi = mid
    return lo


@case((I(1, 2, 2, 2, 3, 5), 2), (I(1, 2, 2, 2, 3, 5), 0))
def rw2_bisect_right(sorted_collection, item, lo=0, hi=-1):
    if hi < 0:
        hi = len(sorted_collection)
    while lo < hi:
        mid = lo + (hi - lo) // 2
        if sorted_collection[mid] <= item:
            lo = mid + 1
        else:
            hi = mid
    return lo


@case((1.0,), (-2.0,), (3.5,), vmap=True)
def rw2_ternary_search_max(shift):
    def f(x):
        return -(x - shift) ** 2 + 3.0
    left, right = -10.0, 10.0
    while abs(right - left) > 1e-4:
        m1 = left + (right - left) / 3
        m2 = right - (right - left) / 3
        if f(m1) < f(m2):
            left = m1
        else:
            right = m2
    return (left + right) / 2


@case((I(1, 3, 20, 4, 1, 0),), (I(6, 5, 4, 3, 2, 1),), (I(1, 2, 3, 4, 5, 6),), vmap=True)
def rw2_find_peak(nums):
    lo, hi = 0, len(nums) - 1
    while lo < hi:
        mid = (lo + hi) // 2
        if nums[mid] < nums[mid + 1]:
            lo = mid + 1
        else:
            hi = mid
    return lo


@case((I(4, 5, 6, 7, 0, 1, 2),), (I(1, 2, 3, 4, 5, 6, 7),), (I(3, 4, 5, 6, 7, 1, 2),), vmap=True)
def rw2_find_min_rotated(nums):
    left, right = 0, len(nums) - 1
    while left < right:
        mid = (left + right) // 2
        if nums[mid] > nums[right]:
            left = mid + 1
        else:
            right = mid
    return nums[left]


@case((I(1, 1, 2, 3, 3, 3, 4), 3), (I(1, 1, 2, 3, 3, 3, 4), 5), vmap=True)
def rw2_count_occurrences(arr, x):
    def first(a, x):
        lo, hi, res = 0, len(a) - 1, -1
        while lo <= hi:
            mid = (lo + hi) // 2
            if a[mid] == x:
                res = mid
                hi = mid - 1
            elif a[mid] < x:
                lo = mid + 1
            else:
                hi = mid - 1
        return res

    def last(a, x):
        lo, hi, res = 0, len(a) - 1, -1
        while lo <= hi:
            mid = (lo + hi) // 2
            if a[mid] == x:
                res = mid
                lo = mid + 1
            elif a[mid] < x:
                lo = mid + 1
            else:
                hi = mid - 1
        return res
    f = first(arr, x)
    if f == -1:
        return 0
    return last(arr, x) - f + 1


# ================================================================ sorts/

@case((F(4.0, 5.0, 2.0, 1.0, 2.0),), (F(1.0, 2.0, 3.0, 4.0, 5.0),), np_ref=True, vmap=True)
def rw2_cocktail_shaker_sort(arr):
    start, end = 0, len(arr) - 1
    while start < end:
        swapped = False
        for i in range(start, end):
            if arr[i] > arr[i + 1]:
                arr[i], arr[i + 1] = arr[i + 1], arr[i]
                swapped = True
        if not swapped:
            break
        end -= 1
        for i in range(end, start, -1):
            if arr[i] < arr[i - 1]:
                arr[i], arr[i - 1] = arr[i - 1], arr[i]
                swapped = True
        if not swapped:
            break
        start += 1
    return arr


@case((F(34.0, 2.0, 10.0, -9.0),), (F(1.0, 2.0, 3.0),), np_ref=True)
def rw2_gnome_sort(lst):
    if len(lst) <= 1:
        return lst
    i = 1
    while i < len(lst):
        if lst[i - 1] <= lst[i]:
            i += 1
        else:
            lst[i - 1], lst[i] = lst[i], lst[i - 1]
            i -= 1
            if i == 0:
                i = 1
    return lst


@case((F(5.0, 4.0, 3.0, 2.0, 1.0),), (F(3.0, 1.0, 2.0, 0.0),), np_ref=True)
def rw2_odd_even_transposition(arr):
    n = len(arr)
    for i in range(n):
        for j in range(i % 2, n - 1, 2):
            if arr[j + 1] < arr[j]:
                arr[j], arr[j + 1] = arr[j + 1], arr[j]
    return arr


@case((I(8, 4, 1, 56, 3, -44, 23, -6, 28, 0),), (I(1, 2, 3),), np_ref=True)
def rw2_comb_sort(data):
    shrink_factor = 1.3
    gap = len(data)
    completed = False
    while not completed:
        gap = int(gap / shrink_factor)
        if gap <= 1:
            completed = True
            gap = 1
        index = 0
        while index + gap < len(data):
            if data[index] > data[index + gap]:
                data[index], data[index + gap] = data[index + gap], data[index]
                completed = False
            index += 1
    return data


@case((I(0, 5, 3, 2, 2, 9, -1),), (I(1,),), np_ref=True)
def rw2_shell_sort(collection):
    gaps = [701, 301, 132, 57, 23, 10, 4, 1]
    for gap in gaps:
        for i in range(gap, len(collection)):
            insert_value = collection[i]
            j = i
            while j >= gap and collection[j - gap] > insert_value:
                collection[j] = collection[j - gap]
                j -= gap
            if j != i:
                collection[j] = insert_value
    return collection


@case(([3, 1, 4, 1, 5],), ([2, 1],))
def rw2_pancake_sort_list(arr):
    cur = len(arr)
    while cur > 1:
        mi = arr.index(max(arr[0:cur]))
        arr = arr[mi::-1] + arr[mi + 1:len(arr)]
        arr = arr[cur - 1::-1] + arr[cur:len(arr)]
        cur -= 1
    return arr


@case((I(4, 1, 3, 1, 0, 2),), (I(2, 2, 2),))
def rw2_counting_sort_small(collection):
    counts = [0] * 5
    for number in collection:
        counts[number] += 1
    for i in range(1, 5):
        counts[i] += counts[i - 1]
    ordered = [0] * len(collection)
    for i in reversed(range(len(collection))):
        counts[collection[i]] -= 1
        ordered[counts[collection[i]]] = collection[i]
    return ordered


@case((I(1, 8, 3, 9, 10, 15, 6),), (I(3, 3, 1),), np_ref=True)
def rw2_cycle_sort(array):
    writes = 0
    n = len(array)
    for cycle_start in range(n - 1):
        item = array[cycle_start]
        pos = cycle_start
        for i in range(cycle_start + 1, n):
            if array[i] < item:
                pos += 1
        if pos == cycle_start:
            continue
        while item == array[pos]:
            pos += 1
        array[pos], item = item, array[pos]
        writes += 1
        while pos != cycle_start:
            pos = cycle_start
            for i in range(cycle_start + 1, n):
                if array[i] < item:
                    pos += 1
            while item == array[pos]:
                pos += 1
            array[pos], item = item, array[pos]
            writes += 1
    return array, writes


def _rw2_stooge(arr, i, h):
    if i >= h:
        return
    if arr[i] > arr[h]:
        arr[i], arr[h] = arr[h], arr[i]
    if h - i + 1 > 2:
        t = (h - i + 1) // 3
        _rw2_stooge(arr, i, h - t)
        _rw2_stooge(arr, i + t, h)
        _rw2_stooge(arr, i, h - t)


@case((F(18.1, 0.0, -7.1, -1.0, 2.0),), (F(1.0, 2.0, 3.0),), np_ref=True)
def rw2_stooge_sort(arr):
    _rw2_stooge(arr, 0, len(arr) - 1)
    return arr


@case(([3, 1, 2, 5, 4],), ([1, 2, 3],))
def rw2_quick_sort_comprehension(collection):
    if len(collection) < 2:
        return collection
    pivot = collection[0]
    rest = collection[1:]
    lesser = [x for x in rest if x <= pivot]
    greater = [x for x in rest if x > pivot]
    return rw2_quick_sort_comprehension(lesser) + [pivot] + rw2_quick_sort_comprehension(greater)


def _rw2_merge(left, right):
    result = []
    i = j = 0
    while i < len(left) and j < len(right):
        if left[i] <= right[j]:
            result.append(left[i])
            i += 1
        else:
            result.append(right[j])
            j += 1
    result.extend(left[i:])
    result.extend(right[j:])
    return result


@case(([5, 2, 4, 6, 1, 3],), ([2, 1],))
def rw2_merge_sort_lists(collection):
    if len(collection) <= 1:
        return collection
    mid = len(collection) // 2
    return _rw2_merge(rw2_merge_sort_lists(collection[:mid]),
                      rw2_merge_sort_lists(collection[mid:]))


@case(([5, 2, 9, 1],), ([1, 2, 3],))
def rw2_bubble_sort_list_swapped(collection):
    length = len(collection)
    for i in range(length - 1):
        swapped = False
        for j in range(length - 1 - i):
            if collection[j] > collection[j + 1]:
                swapped = True
                collection[j], collection[j + 1] = collection[j + 1], collection[j]
        if not swapped:
            break
    return collection


@case(([4.0, 2.0, 7.0, 1.0],), ([1.0, 0.5],))
def rw2_insertion_sort_list(collection):
    for insert_index in range(1, len(collection)):
        insert_value = collection[insert_index]
        while insert_index > 0 and insert_value < collection[insert_index - 1]:
            collection[insert_index] = collection[insert_index - 1]
            insert_index -= 1
        collection[insert_index] = insert_value
    return collection


@case(([64, 25, 12, 22, 11],), ([1, 2],))
def rw2_selection_sort_index_min(arr):
    for i in range(len(arr)):
        j = arr.index(min(arr[i:]), i)
        arr[i], arr[j] = arr[j], arr[i]
    return arr


@case((I(1, 2, 2, 5),), (I(3, 1, 2),), (I(7,),))
def rw2_is_sorted_all(a):
    return all(a[i] <= a[i + 1] for i in range(len(a) - 1))


@case((F(3.0, 5.0, 2.0, 1.0, 6.0, 4.0),), (F(1.0, 2.0, 3.0),), np_ref=True)
def rw2_wiggle_sort(nums):
    for i in range(1, len(nums)):
        if (i % 2 == 1) == (nums[i - 1] > nums[i]):
            nums[i - 1], nums[i] = nums[i], nums[i - 1]
    return nums


@case((I(2, 0, 2, 1, 1, 0),), (I(0, 1, 2, 2, 1, 0),), np_ref=True, vmap=True)
def rw2_dutch_national_flag(seq):
    low, mid, high = 0, 0, len(seq) - 1
    while mid <= high:
        if seq[mid] == 0:
            seq[low], seq[mid] = seq[mid], seq[low]
            low += 1
            mid += 1
        elif seq[mid] == 1:
            mid += 1
        elif seq[mid] == 2:
            seq[mid], seq[high] = seq[high], seq[mid]
            high -= 1
        else:
            raise ValueError("The elements inside the sequence must contains only (0, 1, 2) values")
    return seq


@case((F(3.0, 1.0, 2.0),), (F(9.0, 8.0, 7.0, 6.0),), np_ref=True)
def rw2_heap_sort(arr):
    def heapify(a, index, heap_size):
        largest = index
        left_index = 2 * index + 1
        right_index = 2 * index + 2
        if left_index < heap_size and a[left_index] > a[largest]:
            largest = left_index
        if right_index < heap_size and a[right_index] > a[largest]:
            largest = right_index
        if largest != index:
            a[largest], a[index] = a[index], a[largest]
            heapify(a, largest, heap_size)
    n = len(arr)
    for i in range(n // 2 - 1, -1, -1):
        heapify(arr, i, n)
    for i in range(n - 1, 0, -1):
        arr[0], arr[i] = arr[i], arr[0]
        heapify(arr, 0, i)
    return arr


# ================================================================ physics/

@case((45.0, 20.0), (30.0, 10.0), (95.0, 10.0), grad=1)
def rw2_projectile_horizontal_distance(angle, init_velocity):
    if not 1 <= angle <= 90:
        raise ValueError("Invalid angle. Range is 1-90 degrees.")
    if init_velocity < 0:
        raise ValueError("Invalid velocity. Should be a positive number.")
    radians = jnp.deg2rad(2 * angle)
    return round(init_velocity ** 2 * jnp.sin(radians) / 9.80665, 2)


@case((45.0, 20.0), (60.0, 5.0), grad=1, vmap=True)
def rw2_projectile_max_height(angle, init_velocity):
    radians = jnp.deg2rad(angle)
    return init_velocity ** 2 * jnp.sin(radians) ** 2 / (2 * 9.80665)


@case((10.0, 3.0), (0.0, 5.0), (-1.0, 2.0), grad=1)
def rw2_kinetic_energy(mass, velocity):
    if mass < 0:
        raise ValueError("The mass of a body cannot be negative")
    return 0.5 * mass * abs(velocity) * abs(velocity)


@case((0.0, 5.0, 10.0, 2.0), (3.0, 0.0, 10.0, 2.0), (1.0, 1.0, 1.0, 1.0))
def rw2_gravitational_law(force, mass_1, mass_2, distance):
    g = 6.6743e-11
    if (force, mass_1, mass_2, distance).count(0) != 1:
        raise ValueError("One and only one argument must be 0")
    if force < 0:
        raise ValueError("Gravitational force can not be negative")
    if distance < 0:
        raise ValueError("Distance can not be negative")
    if mass_1 < 0 or mass_2 < 0:
        raise ValueError("Mass can not be negative")
    product_of_mass = mass_1 * mass_2
    if force == 0:
        force = g * product_of_mass / (distance ** 2)
        return {"force": force}
    elif mass_1 == 0:
        mass_1 = (force) * (distance ** 2) / (g * mass_2)
        return {"mass_1": mass_1}
    elif mass_2 == 0:
        mass_2 = (force) * (distance ** 2) / (g * mass_1)
        return {"mass_2": mass_2}
    distance = (g * product_of_mass / (force)) ** 0.5
    return {"distance": distance}


@case((10.0, 0.0), (50.0, 5.0), (1.0, 0.5), vmap=True)
def rw2_free_fall_drag_time(height, drag):
    y, v, t, dt = height, 0.0, 0.0, 0.01
    while y > 0:
        a = -9.81 + drag * v * v * 0.01
        v = v + a * dt
        y = y + v * dt
        t += dt
    return t


@case((2.0, 0.5, 0.1), (1.0, 1.0, 0.3), grad=0)
def rw2_harmonic_oscillator_energy(k, m, x0):
    x, v = x0, 0.0
    dt = 0.01
    for _ in range(100):
        a = -k / m * x
        v += a * dt
        x += v * dt
    return 0.5 * m * v * v + 0.5 * k * x * x


@case((80.0, 1.2, 0.7, 0.5), (80.0, 0.0, 0.7, 0.5))
def rw2_terminal_velocity(mass, density, area, drag_coefficient):
    if mass <= 0 or density <= 0 or area <= 0 or drag_coefficient <= 0:
        raise ValueError("mass, density, area and the drag coefficient all need to be positive")
    return ((2 * mass * 9.80665) / (density * area * drag_coefficient)) ** 0.5


@case((100.0, 330.0, 10.0, 0.0), (100.0, 330.0, 0.0, 10.0), (100.0, 330.0, -330.0, 0.0))
def rw2_doppler_effect(org_freq, wave_vel, obs_vel, src_vel):
    if wave_vel == src_vel:
        raise ZeroDivisionError("Division by zero implies vs=v and observer in front of the source")
    doppler_freq = (org_freq * (wave_vel + obs_vel)) / (wave_vel - src_vel)
    if doppler_freq <= 0:
        raise ValueError("Non-positive frequency implies vs>v or v0>v (in the opposite direction)")
    return doppler_freq


@case((F(1.0, 2.0, 3.0), F(2.0, 1.0, 1.0)), (F(0.0, 4.0), F(1.0, 3.0)), (F(1.0, 2.0), F(0.0, -1.0)))
def rw2_center_of_mass_1d(positions, masses):
    if any(m <= 0 for m in masses):
        raise ValueError("Mass of all particles must be greater than 0")
    total_mass = sum(masses)
    return round(sum(p * m for p, m in zip(positions, masses)) / total_mass, 3)


@case((100.0, 60.0), (10.0, 0.0), (100.0, 200.0), grad=0)
def rw2_malus_law(initial_intensity, angle):
    if initial_intensity < 0:
        raise ValueError("The value of intensity cannot be negative")
    if angle < 0 or angle > 360:
        raise ValueError("In Malus Law, the angle is in the range 0-360 degrees")
    return initial_intensity * (jnp.cos(jnp.radians(angle)) ** 2)


@case((1.0e8,), (2.9e8,), (3.5e8,))
def rw2_lorentz_gamma(velocity):
    c = 299792458.0
    if velocity > c:
        raise ValueError("Speed must not exceed light speed 299,792,458 [m/s]!")
    if velocity < 1:
        raise ValueError("Speed must be greater than or equal to 1!")
    beta = velocity / c
    return 1 / jnp.sqrt(1 - beta ** 2)


@case((5.972e24, 6.371e6), (7.35e22, 1.737e6), (1.0, 0.0))
def rw2_escape_velocity(mass, radius):
    if radius == 0:
        raise ZeroDivisionError("Radius cannot be zero.")
    g = 6.67430e-11
    return round(jnp.sqrt(2 * g * mass / radius), 3)


@case((300.0, 0.028), (273.0, 0.032), (-1.0, 0.028))
def rw2_rms_speed(temperature, molar_mass):
    if temperature < 0:
        raise ValueError("Temperature cannot be less than 0 K")
    if molar_mass <= 0:
        raise ValueError("Molar mass cannot be less than or equal to 0 kg/mol")
    return (3 * 8.31446261815324 * temperature / molar_mass) ** 0.5


# ================================================================ financial/

@case((18000.0, 0.06, 3), (0.5, 0.06, 3), (-1.0, 0.06, 3), grad=0)
def rw2_simple_interest(principal, daily_interest_rate, days_between_payments):
    if days_between_payments <= 0:
        raise ValueError("days_between_payments must be > 0")
    if daily_interest_rate < 0:
        raise ValueError("daily_interest_rate must be >= 0")
    if principal <= 0:
        raise ValueError("principal must be > 0")
    return principal * daily_interest_rate * days_between_payments


@case((10000.0, 0.05, 3), (10000.0, 0.0, 3), (10000.0, 0.05, 0), grad=0)
def rw2_compound_interest(principal, nominal_annual_interest_rate_percentage,
                          number_of_compounding_periods):
    if number_of_compounding_periods <= 0:
        raise ValueError("number_of_compounding_periods must be > 0")
    return principal * (
        (1 + nominal_annual_interest_rate_percentage) ** number_of_compounding_periods - 1)


@case((25000.0, 0.12, 3), (100000.0, 0.05, 10), (0.0, 0.05, 1), grad=0)
def rw2_equated_monthly_installments(principal, rate_per_annum, years_to_repay):
    if principal <= 0:
        raise Exception("Principal borrowed must be > 0")
    if rate_per_annum < 0:
        raise Exception("Rate of interest must be >= 0")
    if years_to_repay <= 0 or (not isinstance(years_to_repay, int)
                               and years_to_repay.dtype != jnp.int32):
        raise Exception("Years to repay must be an integer > 0")
    rate_per_month = rate_per_annum / 12
    number_of_payments = years_to_repay * 12
    return principal * rate_per_month * (1 + rate_per_month) ** number_of_payments / (
        (1 + rate_per_month) ** number_of_payments - 1)


@case((0.1, F(-100.0, 30.0, 40.0, 50.0)), (0.0, F(-10.0, 5.0, 5.0)), grad=0)
def rw2_net_present_value(discount_rate, cash_flows):
    if discount_rate < 0:
        raise ValueError("Discount rate cannot be negative")
    if not len(cash_flows):
        raise ValueError("Cash flows list cannot be empty")
    present_value = sum(cash_flow / ((1 + discount_rate) ** i)
                        for i, cash_flow in enumerate(cash_flows))
    return round(present_value, ndigits=2)


@case((F(-100.0, 30.0, 40.0, 50.0),), (F(-100.0, 60.0, 60.0),))
def rw2_irr_bisection(cash_flows):
    def npv(rate):
        total = 0.0
        for i, cf in enumerate(cash_flows):
            total += cf / (1 + rate) ** i
        return total
    lo, hi = -0.99, 1.0
    mid = 0.0
    for _ in range(60):
        mid = (lo + hi) / 2
        if npv(mid) > 0:
            lo = mid
        else:
            hi = mid
        if hi - lo < 1e-6:
            break
    return mid


@case((F(2.0, 5.0, 3.0, 8.0, 10.0), 3), (F(1.0, 1.0, 1.0), 2))
def rw2_exponential_moving_average(stock_prices, window_size):
    if window_size <= 0:
        raise ValueError("window_size must be > 0")
    alpha = 2 / (1 + window_size)
    out = []
    moving_average = 0.0
    for i, stock_price in enumerate(stock_prices):
        if i <= window_size:
            moving_average = (moving_average + stock_price) * 0.5 if i else stock_price
        else:
            moving_average = (alpha * stock_price) + ((1 - alpha) * moving_average)
        out.append(moving_average)
    return out


@case((1000.0, 0.01, 100.0), (500.0, 0.02, 50.0), grad=0)
def rw2_loan_payoff_months(balance, monthly_rate, payment):
    if payment <= balance * monthly_rate:
        raise ValueError("payment never pays off the loan")
    months = 0
    interest_paid = 0.0
    while balance > 0:
        interest = balance * monthly_rate
        interest_paid += interest
        balance = balance + interest - payment
        months += 1
    return months, interest_paid


@case((0.07,), (0.01,), (0.2,), vmap=True, grad=0)
def rw2_years_to_double(rate):
    exact = jnp.log(2.0) / jnp.log(1 + rate)
    rule72 = 72 / (rate * 100)
    return exact, rule72, abs(exact - rule72) < 0.5


# ================================================================ electronics/

@case((0.0, 2.0, 5.0), (10.0, 0.0, 5.0), (10.0, 2.0, 0.0), (1.0, 1.0, 1.0))
def rw2_ohms_law(voltage, current, resistance):
    if (voltage, current, resistance).count(0) != 1:
        raise ValueError("One and only one argument must be 0")
    if resistance < 0:
        raise ValueError("Resistance cannot be negative")
    if voltage == 0:
        return {"voltage": float(current * resistance)}
    elif current == 0:
        return {"current": voltage / resistance}
    elif resistance == 0:
        return {"resistance": voltage / current}
    else:
        raise ValueError("Exactly one argument must be 0")


@case((0.0, 2.0, 5.0), (10.0, 0.0, 5.0), (10.0, 2.0, 0.0))
def rw2_ohms_law_tuple(voltage, current, resistance):
    if voltage == 0:
        return 0, current * resistance
    elif current == 0:
        return 1, voltage / resistance
    return 2, voltage / current


@case((F(3.21389, 2.0, 3.0),), (F(1.0, -2.0),))
def rw2_resistor_parallel(resistors):
    first_sum = 0.00
    index = 0
    for resistor in resistors:
        if resistor <= 0:
            raise ValueError(f"Resistor at index {index} has a negative or zero value!")
        first_sum += 1 / float(resistor)
        index += 1
    return 1 / first_sum


@case((F(3.21389, 2.0, 3.0),), (F(1.0, -2.0),))
def rw2_resistor_series(resistors):
    sum_r = 0.00
    for index, resistor in enumerate(resistors):
        sum_r += resistor
        if resistor < 0:
            raise ValueError(f"Resistor at index {index} has a negative value!")
    return sum_r


@case((10.0, 5.0), (0.0, 5.0), (1.0, -1.0))
def rw2_resonant_frequency(inductance, capacitance):
    if inductance <= 0:
        raise ValueError("Inductance cannot be 0 or negative")
    elif capacitance <= 0:
        raise ValueError("Capacitance cannot be 0 or negative")
    return ("Resonant frequency", float(1 / (2 * jnp.pi * (jnp.sqrt(inductance * capacitance)))))


@case((5.0, 10.0, 1e-3, 1e-3), (5.0, 10.0, 2e-3, 0.5e-3), grad=0)
def rw2_capacitor_charge(source_voltage, resistance, capacitance, time_sec):
    if source_voltage <= 0:
        raise ValueError("Source voltage must be positive.")
    if resistance <= 0:
        raise ValueError("Resistance must be positive.")
    if capacitance <= 0:
        raise ValueError("Capacitance must be positive.")
    return round(source_voltage * (1 - jnp.exp(-time_sec / (resistance * capacitance))), 3)


@case((3.0, 5.0, 2.0, 0.0), (3.0, 5.0, 0.0, 2.0), (0.0, 0.0, 2.0, 2.0))
def rw2_coulombs_law(force, charge1, charge2, distance):
    k = 8.988e9
    charge_product = abs(charge1 * charge2)
    if (force, charge1, charge2, distance).count(0) != 1:
        raise ValueError("One and only one argument must be 0")
    if distance < 0:
        raise ValueError("Distance cannot be negative")
    if force == 0:
        return k * charge_product / (distance ** 2)
    elif charge1 == 0:
        return abs(force) * (distance ** 2) / (k * charge2)
    elif charge2 == 0:
        return abs(force) * (distance ** 2) / (k * charge1)
    return (k * charge_product / abs(force)) ** 0.5


@case((2.0, 4.0, 5.0), (356.0, 234.0, 976.0), (2.0, -1.0, 2.0))
def rw2_wheatstone_solver(resistance_1, resistance_2, resistance_3):
    if resistance_1 <= 0 or resistance_2 <= 0 or resistance_3 <= 0:
        raise ValueError("All resistance values must be positive")
    return float((resistance_2 / resistance_1) * resistance_3)


@case((1e10, 1e16, 1e17, 300.0), (1e10, 1e16, 1e17, -1.0))
def rw2_builtin_voltage(intrinsic, donor_conc, acceptor_conc, temperature):
    if donor_conc <= 0:
        raise ValueError("Donor concentration should be positive")
    elif acceptor_conc <= 0:
        raise ValueError("Acceptor concentration should be positive")
    elif intrinsic <= 0:
        raise ValueError("Intrinsic concentration should be positive")
    elif temperature <= 0:
        raise ValueError("Temperature should be positive")
    elif donor_conc <= intrinsic:
        raise ValueError("Donor concentration should be greater than intrinsic concentration")
    return (1.380649e-23 * temperature * jnp.log((donor_conc * acceptor_conc) / intrinsic ** 2)
            / 1.602176634e-19)


@case((5.0, 1.0, 2.0), (12.0, 2.0, 0.5), grad=1, vmap=True)
def rw2_electric_power(voltage, current, resistance):
    p1 = voltage * current
    p2 = current ** 2 * resistance
    return max(p1, p2), min(p1, p2)


# ================================================================ linear_algebra/, matrix/

@case((F(2, 1, 3, 4, 0, 1, 1, 2, 5).reshape(3, 3),), (F(0, 1, 1, 0).reshape(2, 2),),
      (F(1, 2, 2, 4).reshape(2, 2),),
      np_ref=True)
def rw2_determinant_partial_pivot(matrix):
    n = len(matrix)
    det = 1.0
    for i in range(n):
        pivot = i
        for r in range(i + 1, n):
            if abs(matrix[r][i]) > abs(matrix[pivot][i]):
                pivot = r
        if matrix[pivot][i] == 0:
            return 0.0
        if pivot != i:
            for c in range(n):
                matrix[i][c], matrix[pivot][c] = matrix[pivot][c], matrix[i][c]
            det = -det
        det *= matrix[i][i]
        for r in range(i + 1, n):
            factor = matrix[r][i] / matrix[i][i]
            for c in range(i, n):
                matrix[r][c] -= factor * matrix[i][c]
    return det


@case((F(1, 2, 3, 4, 5, 6).reshape(2, 3),), (F(1, 2, 3, 4).reshape(2, 2),))
def rw2_transpose_loops(matrix):
    rows, cols = matrix.shape
    out = [[0.0] * rows for _ in range(cols)]
    for i in range(rows):
        for j in range(cols):
            out[j][i] = matrix[i][j]
    return out


@case((F(1, 2, 2, 1).reshape(2, 2),), (F(1, 2, 3, 1).reshape(2, 2),))
def rw2_is_symmetric(matrix):
    n = len(matrix)
    return all(matrix[i][j] == matrix[j][i] for i in range(n) for j in range(i + 1, n))


@case((F(1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12).reshape(3, 4),), (F(1, 2, 3, 4).reshape(2, 2),))
def rw2_spiral_order_sum(matrix):
    top, bottom = 0, len(matrix) - 1
    left, right = 0, len(matrix[0]) - 1
    total = 0.0
    weight = 1
    while top <= bottom and left <= right:
        for j in range(left, right + 1):
            total += weight * matrix[top][j]
            weight += 1
        top += 1
        for i in range(top, bottom + 1):
            total += weight * matrix[i][right]
            weight += 1
        right -= 1
        if top <= bottom:
            for j in range(right, left - 1, -1):
                total += weight * matrix[bottom][j]
                weight += 1
            bottom -= 1
        if left <= right:
            for i in range(bottom, top - 1, -1):
                total += weight * matrix[i][left]
                weight += 1
            left += 1
    return total


@case((F(1, 2, 3, 4, 5, 6, 7, 8, 9).reshape(3, 3),), (F(1, 2, 3, 4).reshape(2, 2),), np_ref=True)
def rw2_rotate_90_in_place(mat):
    n = len(mat)
    for x in range(n // 2):
        for y in range(x, n - x - 1):
            temp = mat[x][y]
            mat[x][y] = mat[y][n - 1 - x]
            mat[y][n - 1 - x] = mat[n - 1 - x][n - 1 - y]
            mat[n - 1 - x][n - 1 - y] = mat[n - 1 - y][x]
            mat[n - 1 - y][x] = temp
    return mat


@case((F(2, 1, -1, -3, -1, 2, -2, 1, 2).reshape(3, 3), F(8, -11, -3)),
      (F(1, 2, 2, 4).reshape(2, 2), F(1, 2)), np_ref=True)
def rw2_gaussian_elimination_solve(a, b):
    n = len(b)
    for i in range(n):
        max_row = i
        for k in range(i + 1, n):
            if abs(a[k][i]) > abs(a[max_row][i]):
                max_row = k
        if abs(a[max_row][i]) < 1e-9:
            raise ValueError("Matrix is singular")
        for c in range(n):
            a[i][c], a[max_row][c] = a[max_row][c], a[i][c]
        b[i], b[max_row] = b[max_row], b[i]
        for k in range(i + 1, n):
            f = a[k][i] / a[i][i]
            for c in range(i, n):
                a[k][c] -= f * a[i][c]
            b[k] -= f * b[i]
    x = [0.0] * n
    for i in range(n - 1, -1, -1):
        x[i] = (b[i] - sum(a[i][j] * x[j] for j in range(i + 1, n))) / a[i][i]
    return x


@case((F(2, -1, -2, -4, 6, 3, -4, -2, 8).reshape(3, 3),), (F(4, 3, 6, 3).reshape(2, 2),))
def rw2_lu_doolittle(table):
    rows = len(table)
    lower = np.zeros((rows, rows), np.float32)
    upper = np.zeros((rows, rows), np.float32)
    for i in range(rows):
        for j in range(i):
            total = sum(lower[i][k] * upper[k][j] for k in range(j))
            if upper[j][j] == 0:
                raise ArithmeticError("No LU decomposition exists")
            lower[i][j] = (table[i][j] - total) / upper[j][j]
        lower[i][i] = 1
        for j in range(i, rows):
            total = sum(lower[i][k] * upper[k][j] for k in range(i))
            upper[i][j] = table[i][j] - total
    return lower, upper


@case((F(4, 7, 2, 6).reshape(2, 2),), (F(1, 2, 2, 4).reshape(2, 2),))
def rw2_inverse_2x2(matrix):
    det = matrix[0][0] * matrix[1][1] - matrix[1][0] * matrix[0][1]
    if det == 0:
        raise ValueError("This matrix has no inverse.")
    return [[matrix[1][1] / det, -matrix[0][1] / det], [-matrix[1][0] / det, matrix[0][0] / det]]


@case((I(4, 3, 2, -1, 3, 2, 1, -1, 1, 1, -1, -2, -1, -1, -2, -3).reshape(4, 4),),
      (I(3, 2, 1, 0).reshape(2, 2),))
def rw2_count_negatives_sorted_grid(grid):
    rows, cols = grid.shape
    r, c = 0, cols - 1
    total = 0
    while r < rows and c >= 0:
        if grid[r][c] < 0:
            total += rows - r
            c -= 1
        else:
            r += 1
    return total


@case((I(1, 4, 7, 11, 2, 5, 8, 12, 3, 6, 9, 16).reshape(3, 4), 5),
      (I(1, 4, 7, 11, 2, 5, 8, 12, 3, 6, 9, 16).reshape(3, 4), 10), vmap=True)
def rw2_search_sorted_matrix(mat, key):
    i, j = len(mat) - 1, 0
    while i >= 0 and j < len(mat[0]):
        if key == mat[i][j]:
            return i, j
        if key < mat[i][j]:
            i -= 1
        else:
            j += 1
    return -1, -1


@case((F(1, 2, 3, 2, 4, 6, 1, 0, 1).reshape(3, 3),), (F(1, 0, 0, 1).reshape(2, 2),),
      (F(0, 0, 0, 0).reshape(2, 2),),
      np_ref=True)
def rw2_matrix_rank(matrix):
    rows, columns = matrix.shape
    rank = min(rows, columns)
    for row in range(rank):
        if matrix[row][row] != 0:
            for col in range(row + 1, rows):
                multiplier = matrix[col][row] / matrix[row][row]
                for i in range(row, columns):
                    matrix[col][i] -= multiplier * matrix[row][i]
        else:
            reduce = True
            for i in range(row + 1, rows):
                if matrix[i][row] != 0:
                    for c in range(columns):
                        matrix[row][c], matrix[i][c] = matrix[i][c], matrix[row][c]
                    reduce = False
                    break
            if reduce:
                rank -= 1
    return rank


@case((F(2.0, 1.0, 1.0, 3.0), F(3.0, 5.0)), (F(1.0, 2.0, 2.0, 4.0), F(3.0, 6.0)))
def rw2_cramers_rule_2x2(coeffs, consts):
    a1, b1, a2, b2 = coeffs[0], coeffs[1], coeffs[2], coeffs[3]
    d1, d2 = consts[0], consts[1]
    determinant = a1 * b2 - a2 * b1
    determinant_x = d1 * b2 - d2 * b1
    determinant_y = a1 * d2 - a2 * d1
    if determinant == 0:
        if determinant_x == determinant_y == 0:
            raise ValueError("Infinite solutions. (Consistent system)")
        raise ValueError("No solution. (Inconsistent system)")
    return determinant_x / determinant, determinant_y / determinant


@case((F(1, 2, 3, 4, 5, 6, 7, 8, 9).reshape(3, 3),), (F(2, 0, 0, 3).reshape(2, 2),))
def rw2_trace_and_diag_product(m):
    tr = 0.0
    prod = 1.0
    for i in range(len(m)):
        tr += m[i][i]
        prod *= m[i][i]
    return tr, prod


@case((F(1, 2, 3, 4).reshape(2, 2), F(5, 6, 7, 8).reshape(2, 2)),
      (F(1, 0, 0, 1).reshape(2, 2), F(2, 3, 4, 5).reshape(2, 2)))
def rw2_matmul_list_comprehension(a, b):
    return [[sum(x * y for x, y in zip(row, col)) for col in zip(*b)] for row in a]


# ================================================================ geometry/

@case((F(0, 4, 4, 0), F(0, 0, 3, 3)), (F(0, 2, 1), F(0, 0, 5)), grad=0)
def rw2_shoelace_area(xs, ys):
    n = len(xs)
    area = 0.0
    for i in range(n):
        j = (i + 1) % n
        area += xs[i] * ys[j]
        area -= xs[j] * ys[i]
    return abs(area) / 2.0


@case((F(0, 4, 4, 0), F(0, 0, 4, 4), 2.0, 2.0), (F(0, 4, 4, 0), F(0, 0, 4, 4), 5.0, 2.0),
      (F(0, 4, 2), F(0, 0, 3), 2.0, 1.0))
def rw2_point_in_polygon(xs, ys, px, py):
    n = len(xs)
    inside = False
    j = n - 1
    for i in range(n):
        if (ys[i] > py) != (ys[j] > py) and \
                px < (xs[j] - xs[i]) * (py - ys[i]) / (ys[j] - ys[i]) + xs[i]:
            inside = not inside
        j = i
    return inside


def _rw2_orientation(px, py, qx, qy, rx, ry):
    val = (qy - py) * (rx - qx) - (qx - px) * (ry - qy)
    if val == 0:
        return 0
    return 1 if val > 0 else 2


def _rw2_on_segment(px, py, qx, qy, rx, ry):
    return min(px, rx) <= qx <= max(px, rx) and min(py, ry) <= qy <= max(py, ry)


@case((F(1, 1, 10, 1), F(1, 2, 10, 2)), (F(10, 0, 0, 10), F(0, 0, 10, 10)),
      (F(0, 0, 5, 5), F(2, 2, 8, 8)), vmap=True)
def rw2_segments_intersect(s1, s2):
    p1x, p1y, q1x, q1y = s1[0], s1[1], s1[2], s1[3]
    p2x, p2y, q2x, q2y = s2[0], s2[1], s2[2], s2[3]
    o1 = _rw2_orientation(p1x, p1y, q1x, q1y, p2x, p2y)
    o2 = _rw2_orientation(p1x, p1y, q1x, q1y, q2x, q2y)
    o3 = _rw2_orientation(p2x, p2y, q2x, q2y, p1x, p1y)
    o4 = _rw2_orientation(p2x, p2y, q2x, q2y, q1x, q1y)
    if o1 != o2 and o3 != o4:
        return True
    if o1 == 0 and _rw2_on_segment(p1x, p1y, p2x, p2y, q1x, q1y):
        return True
    if o2 == 0 and _rw2_on_segment(p1x, p1y, q2x, q2y, q1x, q1y):
        return True
    if o3 == 0 and _rw2_on_segment(p2x, p2y, p1x, p1y, q2x, q2y):
        return True
    if o4 == 0 and _rw2_on_segment(p2x, p2y, q1x, q1y, q2x, q2y):
        return True
    return False


@case((3.0, 3.0, 3.0), (3.0, 4.0, 5.0), (2.0, 2.0, 3.0), (1.0, 2.0, 3.0), vmap=True)
def rw2_triangle_type(a, b, c):
    sides = sorted([a, b, c])
    if sides[0] + sides[1] <= sides[2]:
        return -1
    if a == b == c:
        return 0
    if abs(sides[0] ** 2 + sides[1] ** 2 - sides[2] ** 2) < 1e-6:
        return 3
    if a == b or b == c or a == c:
        return 1
    return 2


@case((1.0, 1.0, 0.0, 0.0, 4.0, 0.0), (5.0, 5.0, 0.0, 0.0, 0.0, 0.0), grad=0)
def rw2_point_segment_distance(px, py, ax, ay, bx, by):
    dx, dy = bx - ax, by - ay
    if dx == 0 and dy == 0:
        return jnp.hypot(px - ax, py - ay)
    t = ((px - ax) * dx + (py - ay) * dy) / (dx * dx + dy * dy)
    t = max(0.0, min(1.0, t))
    return jnp.hypot(px - (ax + t * dx), py - (ay + t * dy))


@case((F(0, 1, 2, 2, 0, 1), F(0, 1, 0, 2, 2, 0.5)), (F(0, 3, 1), F(0, 0, 2)))
def rw2_convex_hull_count(xs, ys):
    n = len(xs)
    start = 0
    for i in range(1, n):
        if xs[i] < xs[start] or (xs[i] == xs[start] and ys[i] < ys[start]):
            start = i
    count = 0
    p = start
    while True:
        count += 1
        q = (p + 1) % n
        for r in range(n):
            cross = (ys[q] - ys[p]) * (xs[r] - xs[q]) - (xs[q] - xs[p]) * (ys[r] - ys[q])
            if cross < 0:
                q = r
        p = q
        if p == start or count > n:
            break
    return count


# ================================================================ scheduling/

@case((I(5, 3, 8, 6),), (I(1, 2),))
def rw2_fcfs_waiting_times(burst_times):
    n = len(burst_times)
    waiting = [0] * n
    for i in range(1, n):
        waiting[i] = burst_times[i - 1] + waiting[i - 1]
    turnaround = [burst_times[i] + waiting[i] for i in range(n)]
    return sum(waiting) / n, sum(turnaround) / n


@case((I(6, 8, 7, 3),), (I(2, 1, 3),))
def rw2_sjf_average_wait(burst):
    n = len(burst)
    done = [False] * n
    t = 0
    total_wait = 0
    for _ in range(n):
        best = -1
        for i in range(n):
            if not done[i] and (best == -1 or burst[i] < burst[best]):
                best = i
        total_wait += t
        t += burst[best]
        done[best] = True
    return total_wait / n


@case((I(10, 5, 8), 2), (I(3, 3), 4))
def rw2_round_robin_waiting(burst_times, quantum):
    n = len(burst_times)
    rem = [b for b in burst_times]
    waiting = [0] * n
    t = 0
    while True:
        done = True
        for i in range(n):
            if rem[i] > 0:
                done = False
                if rem[i] > quantum:
                    t += quantum
                    rem[i] -= quantum
                else:
                    t += rem[i]
                    waiting[i] = t - burst_times[i]
                    rem[i] = 0
        if done:
            break
    return waiting


@case((I(2, 1, 2, 1, 3), I(100, 19, 27, 25, 15)), (I(1, 1), I(5, 7)))
def rw2_job_sequencing_profit(deadlines, profits):
    n = len(profits)
    order = sorted(range(n), key=lambda i: -profits[i])
    slots = [False] * 3
    total = 0
    for i in order:
        for s in range(min(2, deadlines[i] - 1), -1, -1):
            if not slots[s]:
                slots[s] = True
                total += profits[i]
                break
    return total


@case((I(0, 1, 2, 3), I(8, 4, 9, 5)), (I(0, 0), I(3, 2)))
def rw2_srtf_total_turnaround(arrival, burst):
    n = len(burst)
    remaining = [b for b in burst]
    finished = 0
    t = 0
    total_tat = 0
    while finished < n:
        best = -1
        for i in range(n):
            if arrival[i] <= t and remaining[i] > 0:
                if best == -1 or remaining[i] < remaining[best]:
                    best = i
        if best == -1:
            t += 1
            continue
        remaining[best] -= 1
        t += 1
        if remaining[best] == 0:
            finished += 1
            total_tat += t - arrival[best]
    return total_tat


# ================================================================ strings over digits

@case((I(4, 5, 3, 9, 1, 4, 8, 8, 0, 3, 4, 3, 6, 4, 6, 7),), (I(1, 2, 3, 4),))
def rw2_luhn_check(digits):
    total = 0
    parity = len(digits) % 2
    for i, d in enumerate(digits):
        if i % 2 == parity:
            d = d * 2
            if d > 9:
                d -= 9
        total += d
    return total % 10 == 0


@case((I(0, 3, 0, 6, 4, 0, 6, 1, 5, 2),), (I(0, 3, 0, 6, 4, 0, 6, 1, 5, 3),))
def rw2_isbn10_valid(digits):
    if len(digits) != 10:
        raise ValueError("ISBN-10 needs 10 digits")
    total = sum((10 - i) * d for i, d in enumerate(digits))
    return total % 11 == 0


@case((59,), (1234,), (0,))
def rw2_luhn_from_int(number):
    digits = []
    while number > 0:
        digits.append(number % 10)
        number //= 10
    total = 0
    for i, d in enumerate(digits):
        if i % 2 == 1:
            d *= 2
            if d > 9:
                d -= 9
        total += d
    return total % 10 == 0


@case((I(1, 2, 3, 2, 1),), (I(1, 2, 3, 4),), (I(7,),))
def rw2_is_digit_palindrome(digits):
    i, j = 0, len(digits) - 1
    while i < j:
        if digits[i] != digits[j]:
            return False
        i += 1
        j -= 1
    return True


@case((I(1, 2, 2, 3, 1, 9),), (I(5, 5, 5),))
def rw2_distinct_digit_count(digits):
    seen = [False] * 10
    count = 0
    for d in digits:
        if not seen[d]:
            seen[d] = True
            count += 1
    return count


@case((I(1, 1, 2, 2, 2, 3, 1),), (I(4, 4, 4),))
def rw2_run_length_stats(digits):
    runs = 1
    longest = cur = 1
    for a, b in zip(digits[:-1], digits[1:]):
        if a == b:
            cur += 1
        else:
            runs += 1
            cur = 1
        longest = max(longest, cur)
    return runs, longest


@case((1234,), (9,), (111,))
def rw2_digit_product_persistence(n):
    steps = 0
    while n >= 10:
        p = 1
        while n > 0:
            p *= n % 10
            n //= 10
        n = p
        steps += 1
    return steps


@case((I(9, 9, 9),), (I(1, 2, 9),), (I(0,),), np_ref=True)
def rw2_plus_one_digits(digits):
    carry = 1
    for i in range(len(digits) - 1, -1, -1):
        s = digits[i] + carry
        digits[i] = s % 10
        carry = s // 10
        if carry == 0:
            break
    return digits, carry


@case((I(3, 4, 5), I(9, 7)), (I(1,), I(9, 9, 9)))
def rw2_add_digit_arrays(a, b):
    i, j = len(a) - 1, len(b) - 1
    carry = 0
    value = 0
    place = 1
    while i >= 0 or j >= 0 or carry:
        s = carry
        if i >= 0:
            s += a[i]
            i -= 1
        if j >= 0:
            s += b[j]
            j -= 1
        value += (s % 10) * place
        place *= 10
        carry = s // 10
    return value


@case((I(1, 2, 3, 4),), (I(9, 0, 0),))
def rw2_digits_to_int_map(digits):
    return int("".join(map(str, [int(d) for d in digits])))


@case((I(5, 1, 3, 2),), (I(1, 2, 3, 4),))
def rw2_largest_number_from_digits(digits):
    ordered = sorted(digits, reverse=True)
    value = 0
    for d in ordered:
        value = value * 10 + d
    return value


@case((I(2, 7, 1, 8, 2, 8),), (I(0, 0, 1),))
def rw2_digits_filter_even_count(digits):
    evens = list(filter(lambda d: d % 2 == 0, digits))
    return len(evens)


@case((I(2, 7, 1, 8, 2, 8),), (I(0, 0, 1),))
def rw2_digits_filter_even_count_inline(digits):
    return len(list(filter(lambda d: d % 2 == 0, digits)))


@case((I(2, 7, 1, 8, 2, 8),), (I(0, 0, 1),))
def rw2_digits_even_count_sum_bool(digits):
    return sum(d % 2 == 0 for d in digits), max(digits), min(digits)


# ================================================================ recursion, str(), caches, prints

@case((5,), (0,), (10,))
def rw2_factorial_recursive(n):
    if n < 0:
        raise ValueError("factorial() not defined for negative values")
    return 1 if n in (0, 1) else n * rw2_factorial_recursive(n - 1)


@case((I(1, 3, 5, 7, 9, 11), 9), (I(1, 3, 5, 7, 9, 11), 4), vmap=True)
def rw2_binary_search_recursive(arr, target):
    def search(left, right):
        if right < left:
            return -1
        mid = left + (right - left) // 2
        if arr[mid] == target:
            return mid
        if arr[mid] > target:
            return search(left, mid - 1)
        return search(mid + 1, right)
    return search(0, len(arr) - 1)


@case((1234,), (9,))
def rw2_sum_of_digits_recursive(n):
    n = abs(n)
    return n if n < 10 else n % 10 + rw2_sum_of_digits_recursive(n // 10)


@case((12321,), (123,))
def rw2_is_palindrome_str(n):
    s = str(n)
    return s == s[::-1]


@case((1234,), (99,))
def rw2_sum_digits_str(n):
    return sum(int(c) for c in str(abs(n)))


@case((25,), (0,))
def rw2_count_bits_bin(n):
    return bin(n).count("1")


@case((12345,), (7,))
def rw2_num_digits_len_str(n):
    return len(str(abs(n)))


@case((12345,), (7,), (0,))
def rw2_num_digits_log10(n):
    if n == 0:
        return 1
    return int(jnp.log10(abs(n))) + 1


@case((20,), (5,))
def rw2_fib_lru_cache(n):
    import functools

    @functools.lru_cache(maxsize=None)
    def fib(k):
        return k if k < 2 else fib(k - 1) + fib(k - 2)
    return fib(int(n))


@case((2.0,), (10.0,))
def rw2_newton_sqrt_verbose(a):
    x = a
    for i in range(50):
        nxt = 0.5 * (x + a / x)
        print(f"iteration {i}: x = {nxt:.4f}")
        if abs(nxt - x) < 1e-5:
            return nxt
        x = nxt
    return x


@case((10,), (3,))
def rw2_collatz_with_asserts(n):
    assert n > 0, "n must be a positive integer"
    steps = 0
    while n != 1:
        n = n // 2 if n % 2 == 0 else 3 * n + 1
        steps += 1
    return steps


@case((1.0, -3.0, 2.0), (1.0, 2.0, 5.0), (1.0, 0.0, 1.0))
def rw2_quadratic_roots_complex(a, b, c):
    if a == 0:
        raise ValueError("Coefficient 'a' must not be zero.")
    delta = b * b - 4 * a * c
    solution_1 = (-b + jnp.sqrt(delta + 0j)) / (2 * a)
    solution_2 = (-b - jnp.sqrt(delta + 0j)) / (2 * a)
    return (solution_1.real if not solution_1.imag else solution_1,
            solution_2.real if not solution_2.imag else solution_2)


@case((1.0, -3.0, 2.0), (1.0, 2.0, 5.0))
def rw2_quadratic_roots_complex_uniform(a, b, c):
    delta = b * b - 4 * a * c
    solution_1 = (-b + jnp.sqrt(delta + 0j)) / (2 * a)
    solution_2 = (-b - jnp.sqrt(delta + 0j)) / (2 * a)
    return solution_1, solution_2


# ================================================================ more loops over arrays

def _rw2_partition(a, lo, hi):
    pivot = a[hi]
    i = lo - 1
    for j in range(lo, hi):
        if a[j] <= pivot:
            i += 1
            a[i], a[j] = a[j], a[i]
    a[i + 1], a[hi] = a[hi], a[i + 1]
    return i + 1


@case((F(7.0, 10.0, 4.0, 3.0, 20.0, 15.0), 2), (F(7.0, 10.0, 4.0, 3.0, 20.0, 15.0), 5), np_ref=True,
      vmap=True)
def rw2_quickselect_iterative(arr, k):
    lo, hi = 0, len(arr) - 1
    while lo <= hi:
        p = _rw2_partition(arr, lo, hi)
        if p == k:
            return arr[p]
        if p < k:
            lo = p + 1
        else:
            hi = p - 1
    return arr[k]


@case((F(5.0, 2.0, 9.0, 1.0, 7.0),), (F(1.0, 2.0),), np_ref=True)
def rw2_quick_sort_inplace_recursive(arr):
    def qs(a, lo, hi):
        if lo < hi:
            p = _rw2_partition(a, lo, hi)
            qs(a, lo, p - 1)
            qs(a, p + 1, hi)
    qs(arr, 0, len(arr) - 1)
    return arr


@case((I(4, 1, 3, 1, 0, 2),), (I(2, 2, 2),))
def rw2_counting_sort_numpy_counts(collection):
    counts = np.zeros(5, dtype=np.int32)
    for number in collection:
        counts[number] += 1
    out = np.zeros(len(collection), dtype=np.int32)
    pos = 0
    for value in range(5):
        for _ in range(counts[value]):
            out[pos] = value
            pos += 1
    return out


@case((F(3.0, -1.0, 4.0, 1.0, -5.0),), (F(2.0, 2.0),))
def rw2_min_max_inf_init(values):
    lo = float("inf")
    hi = -float("inf")
    for v in values:
        if v < lo:
            lo = v
        if v > hi:
            hi = v
    return lo, hi


@case((F(3.0, -1.0, 4.0, 1.0),), (F(2.0, 2.0),))
def rw2_second_largest_none_init(values):
    first = second = None
    for v in values:
        if first is None or v > first:
            first, second = v, first
        elif v != first and (second is None or v > second):
            second = v
    return -1.0 if second is None else second


@case((I(3, 8, 1, 9), I(2, 7, 4, 6)),)
def rw2_sorted_zip_pairs(keys, vals):
    total = 0
    for rank, (k, v) in enumerate(sorted(zip(keys, vals))):
        total += rank * v
    return total


@case((I(1, 2, 3, 4, 5, 6),), (I(5, 5),))
def rw2_divmod_digit_loop_array(values):
    out = 0
    for v in values:
        q, r = divmod(v, 4)
        out += q * 10 + r
    return out


@case((1234,), (50,), (0,), vmap=True)
def rw2_divmod_digits(n):
    total = 0
    while n:
        n, r = divmod(n, 10)
        total += r * r
    return total


@case((F(1.0, 2.0, 3.0, 4.0),), (F(4.0, 3.0),))
def rw2_index_of_max_key(values):
    return max(range(len(values)), key=lambda i: values[i])


@case((I(1, 2, 3), 5), (I(2, 3, 5), 8), (I(4, 6), 5))
def rw2_two_sum_sorted(nums, target):
    i, j = 0, len(nums) - 1
    while i < j:
        s = nums[i] + nums[j]
        if s == target:
            return i, j
        elif s < target:
            i += 1
        else:
            j -= 1
    return -1, -1


@case((F(1.0, 2.0, 3.0, 4.0),), (F(2.0, 2.0, 2.0),))
def rw2_variance_two_pass(data):
    n = len(data)
    if n < 2:
        raise ValueError("variance requires at least two data points")
    mean = sum(data) / n
    return sum((x - mean) ** 2 for x in data) / (n - 1)


@case((F(1.0, 2.0, 3.0), F(2.0, 4.0, 6.5)), (F(0.0, 1.0), F(1.0, 3.0)), grad=1)
def rw2_linear_regression_fit(xs, ys):
    n = len(xs)
    sx = sum(xs)
    sy = sum(ys)
    sxy = sum(x * y for x, y in zip(xs, ys))
    sxx = sum(x * x for x in xs)
    denom = n * sxx - sx * sx
    if denom == 0:
        raise ValueError("degenerate")
    slope = (n * sxy - sx * sy) / denom
    return slope, (sy - slope * sx) / n


@case((F(1.0, 2.0, 3.0, 4.0, 5.0), 3), (F(5.0, 1.0, 5.0, 1.0), 2))
def rw2_sliding_window_max_sum(arr, k):
    if k > len(arr):
        raise ValueError("window larger than array")
    window = sum(arr[i] for i in range(k))
    best = window
    for i in range(k, len(arr)):
        window += arr[i] - arr[i - k]
        best = max(best, window)
    return best


@case((F(1.0, 2.0, 3.0, 4.0, 5.0), 2), (F(5.0, 1.0, 5.0, 1.0), 3), static=(1,))
def rw2_sliding_window_max_sum_slices(arr, k):
    best = -float("inf")
    for i in range(len(arr) - k + 1):
        best = max(best, sum(arr[i:i + k]))
    return best


@case((I(0, 1, 1, 0, 1, 1, 1),), (I(0, 0),))
def rw2_longest_ones_run_while(bits):
    best = 0
    i = 0
    n = len(bits)
    while i < n:
        if bits[i] == 1:
            j = i
            while j < n and bits[j] == 1:
                j += 1
            best = max(best, j - i)
            i = j
        else:
            i += 1
    return best


@case((F(1.0, 5.0, 2.0, 8.0, 3.0),), (F(1.0, 2.0, 3.0, 4.0, 5.0),), vmap=True)
def rw2_for_else_search(values):
    for i, v in enumerate(values):
        if v > 6.0:
            idx = i
            break
    else:
        idx = -1
    return idx


@case((30,), (2,))
def rw2_primes_below_count_for_else(n):
    count = 0
    for candidate in range(2, n):
        for d in range(2, int(candidate ** 0.5) + 1):
            if candidate % d == 0:
                break
        else:
            count += 1
    return count


@case((30,), (2,), static=(0,))
def rw2_sieve_list_bool(n):
    is_prime = [True] * (n + 1)
    is_prime[0] = is_prime[1] = False
    p = 2
    while p * p <= n:
        if is_prime[p]:
            for m in range(p * p, n + 1, p):
                is_prime[m] = False
        p += 1
    return sum(is_prime), [i for i in range(n + 1) if is_prime[i]][-1]


@case((1.5,), (0.2,), (3.0,), grad=0, vmap=True)
def rw2_piecewise_tax(income):
    brackets = ((1.0, 0.1), (2.0, 0.2), (float("inf"), 0.3))
    tax = 0.0
    lower = 0.0
    for upper, rate in brackets:
        if income > upper:
            tax += (upper - lower) * rate
            lower = upper
        else:
            tax += (income - lower) * rate
            break
    return tax


@case((F(0.2, 0.5, 0.3), F(10.0, 20.0, 30.0)), (F(1.0, 0.0, 0.0), F(5.0, 6.0, 7.0)), vmap=True)
def rw2_weighted_choice_cdf(weights, values):
    u = 0.6
    cumulative = 0.0
    for w, v in zip(weights, values):
        cumulative += w
        if u < cumulative:
            return v
    return values[-1]


# ======================================== type changes, mixed returns, traced ranges

@case((12345,), (7,), (0,))
def rw2_num_digits_float_division(n):
    digits = 0
    n = abs(n)
    while n >= 1:
        n = n / 10
        digits += 1
    return digits


@case((100,), (7,))
def rw2_halvings_until_below_one(n):
    count = 0
    x = n
    while x > 1:
        x = x / 2
        count += 1
    return count, x


@case((10, 3), (5, 5), (2, 9))
def rw2_triangle_numbers_between(a, b):
    total = 0
    for i in range(a, b, -1):
        total += i * (i + 1) // 2
    return total


@case((5,), (1,), (0,))
def rw2_nested_traced_ranges(n):
    count = 0
    for i in range(n):
        for j in range(i, n):
            if (i + j) % 2 == 0:
                count += 1
    return count


@case((10, 4), (7, 0), (0, 3))
def rw2_average_or_message(total, count):
    if count == 0:
        return "no data"
    return total / count


@case((10,), (-3,))
def rw2_sign_or_none(n):
    if n > 0:
        return n * 2
    print("negative input, returning None")


@case((F(1.0, 2.0, 3.0),), (F(-1.0, 2.0, 3.0),))
def rw2_all_positive_loop_flag(values):
    ok = True
    for v in values:
        ok = ok and v > 0
    return ok


@case((F(2.0, 4.0, 8.0),), (F(2.0, 4.0, 9.0),))
def rw2_is_geometric_series(series):
    if len(series) == 1:
        return True
    common_ratio = series[1] / series[0]
    for index in range(len(series) - 1):
        if series[index + 1] / series[index] != common_ratio:
            return False
    return True


@case((1.0, 0.5), (0.0, 0.0), (-1.0, 2.0), vmap=True)
def rw2_polar_angle_degrees(x, y):
    if x == 0 and y == 0:
        return 0.0
    angle = jnp.degrees(jnp.arctan2(y, x))
    if angle < 0:
        angle += 360
    return angle


@case((6,), (1,), (12,))
def rw2_totient_sum_gcd(n):
    return sum(1 for k in range(1, n + 1) if _rw2_gcd_iter(n, k) == 1)


@case((I(2, 3, 4),), (I(5, 0, 1),))
def rw2_product_except_self(nums):
    n = len(nums)
    res = [1] * n
    prefix = 1
    for i in range(n):
        res[i] = prefix
        prefix *= nums[i]
    suffix = 1
    for i in range(n - 1, -1, -1):
        res[i] *= suffix
        suffix *= nums[i]
    return res


@case((I(1, 2, 3, 4, 5), 2), (I(1, 2, 3), 0), np_ref=True)
def rw2_rotate_array_reverse(nums, k):
    def reverse(a, lo, hi):
        while lo < hi:
            a[lo], a[hi] = a[hi], a[lo]
            lo += 1
            hi -= 1
    n = len(nums)
    k %= n
    reverse(nums, 0, n - 1)
    reverse(nums, 0, k - 1)
    reverse(nums, k, n - 1)
    return nums


@case((F(0.0, 1.0, 2.0, 3.0), F(1.0, 3.0, 5.0, 7.0), 1.5),
      (F(0.0, 1.0, 2.0, 3.0), F(0.0, 1.0, 4.0, 9.0), 5.0),
      (F(0.0, 1.0, 2.0, 3.0), F(0.0, 1.0, 4.0, 9.0), -1.0), vmap=True, grad=2)
def rw2_linear_interpolate_table(xs, ys, x):
    if x <= xs[0]:
        return ys[0]
    for i in range(1, len(xs)):
        if x <= xs[i]:
            t = (x - xs[i - 1]) / (xs[i] - xs[i - 1])
            return ys[i - 1] + t * (ys[i] - ys[i - 1])
    return ys[-1]


@case((0.5,), (2.0,), (-1.0,), grad=0, vmap=True)
def rw2_ln_series(x):
    if x <= 0:
        return float("nan")
    y = (x - 1) / (x + 1)
    total, term, k = 0.0, y, 1
    while abs(term / k) > 1e-8:
        total += term / k
        term *= y * y
        k += 2
    return 2 * total


# ======================================== small classes (linear_algebra/src/lib.py, polynomials)

class _RW2Vector:
    def __init__(self, components):
        self.__components = list(components)

    def __len__(self):
        return len(self.__components)

    def __getitem__(self, i):
        return self.__components[i]

    def __add__(self, other):
        if len(self) != len(other):
            raise Exception("must have the same size")
        return _RW2Vector([self[i] + other[i] for i in range(len(self))])

    def __mul__(self, other):
        if isinstance(other, (float, int)) or getattr(other, "ndim", 1) == 0:
            return _RW2Vector([c * other for c in self.__components])
        return sum(self[i] * other[i] for i in range(len(self)))

    def euclidean_length(self):
        return jnp.sqrt(sum(c ** 2 for c in self.__components))

    def change_component(self, pos, value):
        assert -len(self.__components) <= pos < len(self.__components)
        self.__components[pos] = value


@case((F(1.0, 2.0, 3.0), F(4.0, 5.0, 6.0), 2.0), (F(0.0, -1.0, 1.0), F(1.0, 1.0, 1.0), -0.5),
      grad=2)
def rw2_vector_class_ops(a, b, s):
    u = _RW2Vector(a)
    v = _RW2Vector(b)
    w = (u + v) * s
    dot = u * v
    if dot < 0:
        w.change_component(0, -dot)
    return w.euclidean_length(), dot


class _RW2Polynomial:
    def __init__(self, degree, coefficients):
        if len(coefficients) != degree + 1:
            raise ValueError("The number of coefficients should be equal to the degree + 1.")
        self.coefficients = list(coefficients)
        self.degree = degree

    def evaluate(self, substitution):
        result = 0
        for i in range(self.degree + 1):
            result += self.coefficients[i] * (substitution ** i)
        return result

    def derivative(self):
        coefficients = [0.0] * self.degree
        for i in range(self.degree):
            coefficients[i] = self.coefficients[i + 1] * (i + 1)
        return _RW2Polynomial(self.degree - 1, coefficients)


@case((F(1.0, -3.0, 0.0, 2.0), 1.5), (F(-2.0, 0.0, 1.0, 0.0), 1.0), grad=1, vmap=True)
def rw2_polynomial_newton_root(coeffs, x0):
    p = _RW2Polynomial(3, coeffs)
    dp = p.derivative()
    x = x0
    for _ in range(30):
        d = dp.evaluate(x)
        if d == 0:
            break
        step = p.evaluate(x) / d
        x = x - step
        if abs(step) < 1e-6:
            break
    return x


class _RW2Fraction:
    def __init__(self, num, den):
        if den == 0:
            raise ZeroDivisionError("denominator is zero")
        a, b = abs(num), abs(den)
        while b:
            a, b = b, a % b
        sign = -1 if (num < 0) != (den < 0) else 1
        self.num = sign * abs(num) // a
        self.den = abs(den) // a

    def __add__(self, other):
        return _RW2Fraction(self.num * other.den + other.num * self.den, self.den * other.den)

    def __lt__(self, other):
        return self.num * other.den < other.num * self.den


@case((1, 6, 1, 3), (-2, 4, 3, 9), (1, 0, 1, 2))
def rw2_fraction_class_add(a, b, c, d):
    f = _RW2Fraction(a, b) + _RW2Fraction(c, d)
    return f.num, f.den, _RW2Fraction(a, b) < _RW2Fraction(c, d)


class _RW2Process:
    def __init__(self, pid, arrival, burst):
        self.pid = pid
        self.arrival = arrival
        self.burst = burst
        self.remaining = burst
        self.finish = 0


@case((I(0, 2, 4), I(5, 3, 1), 2), (I(0, 0), I(4, 4), 3))
def rw2_round_robin_objects(arrivals, bursts, quantum):
    procs = [_RW2Process(i, arrivals[i], bursts[i]) for i in range(len(bursts))]
    t = 0
    while any(p.remaining > 0 for p in procs):
        progressed = False
        for p in procs:
            if p.arrival <= t and p.remaining > 0:
                run = min(quantum, p.remaining)
                t += run
                p.remaining -= run
                progressed = True
                if p.remaining == 0:
                    p.finish = t
        if not progressed:
            t += 1
    return sum(p.finish - p.arrival - p.burst for p in procs)


class _RW2Matrix:
    def __init__(self, rows):
        self.rows = [list(r) for r in rows]
        self.n = len(self.rows)

    def __matmul__(self, other):
        return _RW2Matrix([[sum(self.rows[i][k] * other.rows[k][j] for k in range(self.n))
                            for j in range(self.n)] for i in range(self.n)])

    def trace(self):
        return sum(self.rows[i][i] for i in range(self.n))


@case((F(1, 1, 1, 0).reshape(2, 2), 5), (F(2, 0, 0, 0.5).reshape(2, 2), 3),
      (F(1, 1, 1, 0).reshape(2, 2), 0), vmap=True)
def rw2_matrix_class_power_trace(m, k):
    result = _RW2Matrix([[1.0, 0.0], [0.0, 1.0]])
    base = _RW2Matrix(m)
    while k > 0:
        if k % 2 == 1:
            result = result @ base
        base = base @ base
        k //= 2
    return result.trace()


# ======================================== traced indices into Python lists and tables

@case((I(1, 3, 4, 5), I(1, 4, 5, 7), 7), (I(2, 3, 4, 5), I(3, 4, 5, 6), 5),
      (I(1, 1, 1, 1), I(1, 1, 1, 1), 0), vmap=True)
def rw2_knapsack_table_traced_capacity(weights, values, capacity):
    n = len(weights)
    dp = [[0] * 8 for _ in range(n + 1)]
    for i in range(1, n + 1):
        for w in range(8):
            dp[i][w] = dp[i - 1][w]
            if weights[i - 1] <= w:
                dp[i][w] = max(dp[i][w], dp[i - 1][w - weights[i - 1]] + values[i - 1])
    return dp[n][capacity]


@case((I(3, 1, 2, 3, 3, 1),), (I(0, 0, 0),))
def rw2_mode_by_counts_list(values):
    counts = [0] * 4
    for v in values:
        counts[v] += 1
    best = 0
    for i in range(1, 4):
        if counts[i] > counts[best]:
            best = i
    return best, counts[best]


@case((I(2, 0, 1, 3),), (I(1, 0),))
def rw2_permutation_cycles(perm):
    n = len(perm)
    visited = [False] * n
    cycles = 0
    for i in range(n):
        if not visited[i]:
            cycles += 1
            j = i
            while not visited[j]:
                visited[j] = True
                j = perm[j]
    return cycles


@case((I(1, 2, 0, 4, 3),), (I(0, 1, 2),))
def rw2_inverse_permutation_items(perm):
    inv = [0] * len(perm)
    for i, p in enumerate(perm):
        inv[p] = i
    return inv


@case((I(0, 1, 1, 2, 3), I(1, 2, 3, 3, 4), 0, 4), (I(0, 1, 1, 2, 3), I(1, 2, 3, 3, 4), 4, 0))
def rw2_bfs_shortest_path_edges(src, dst, start, goal):
    n = 5
    dist = [-1] * n
    dist[start] = 0
    for _ in range(n):
        for u, v in zip(src, dst):
            if dist[u] != -1 and (dist[v] == -1 or dist[u] + 1 < dist[v]):
                dist[v] = dist[u] + 1
    return dist[goal]


@case((F(0, 4, 1, 0, 0, 0, 2, 5, 0, 0, 0, 1, 0, 0, 0, 0).reshape(4, 4), 0),
      (F(0, 1, 0, 0, 0, 1, 0, 0, 0).reshape(3, 3), 2))
def rw2_dijkstra_dense(graph, source):
    n = len(graph)
    dist = [float("inf")] * n
    visited = [False] * n
    dist[source] = 0.0
    for _ in range(n):
        u = -1
        for i in range(n):
            if not visited[i] and (u == -1 or dist[i] < dist[u]):
                u = i
        if dist[u] == float("inf"):
            break
        visited[u] = True
        for v in range(n):
            if graph[u][v] > 0 and dist[u] + graph[u][v] < dist[v]:
                dist[v] = dist[u] + graph[u][v]
    return dist


@case((F(0, 3, 8, 0, 0, 0, 1, 0, 4, 0, 0, 0, 2, 0, 0, 0).reshape(4, 4),),
      (F(0, 1, 1, 0).reshape(2, 2),), np_ref=True)
def rw2_floyd_warshall(graph):
    n = len(graph)
    for i in range(n):
        for j in range(n):
            if i != j and graph[i][j] == 0:
                graph[i][j] = float("inf")
    for k in range(n):
        for i in range(n):
            for j in range(n):
                if graph[i][k] + graph[k][j] < graph[i][j]:
                    graph[i][j] = graph[i][k] + graph[k][j]
    return graph


@case((I(1, 2, 3, 1, 2),), (I(4, 4, 4),))
def rw2_first_duplicate_index(values):
    seen = [False] * 5
    for i, v in enumerate(values):
        if seen[v]:
            return i
        seen[v] = True
    return -1


@case((F(2.5, 1.0, 3.5),), (F(-1.5, 0.5),))
def rw2_round_and_int_casts(values):
    out = []
    for v in values:
        out.append((round(v), int(v), int(round(v * 10)) / 10, round(v, 1)))
    return out


@case((7.5, 2.0), (-7.5, 2.0), (7.0, -3.0), vmap=True)
def rw2_python_mod_floordiv_float(a, b):
    return a % b, a // b, divmod(a, b)


@case((-7, 2), (7, -3), (-9, -4), vmap=True)
def rw2_python_mod_floordiv_int(a, b):
    q, r = divmod(a, b)
    return q, r, int(a / b), a - b * int(a / b)


class _RW2Particle:
    def __init__(self, x, v):
        self.x = x
        self.v = v


@case((F(0.0, 1.0), F(1.0, -1.0), 0.5), (F(2.0, 3.0), F(0.0, 0.5), 1.0))
def rw2_particles_bounce_until(xs, vs, t_end):
    particles = [_RW2Particle(x, v) for x, v in zip(xs, vs)]
    t, dt = 0.0, 0.1
    while t < t_end:
        for p in particles:
            p.x += p.v * dt
            if p.x < 0:
                p.x = -p.x
                p.v = -p.v
        t += dt
    return [p.x for p in particles]


@case((I(4, 5, 2, 25),), (I(13, 7, 6, 12),), (I(3, 2, 1),))
def rw2_next_greater_element_stack(arr):
    result = [-1] * len(arr)
    stack = []
    for i in range(len(arr)):
        while stack and arr[stack[-1]] < arr[i]:
            result[stack.pop()] = arr[i]
        stack.append(i)
    return result


@case((I(4, 5, 2, 25),), (I(13, 7, 6, 12),), (I(3, 2, 1),))
def rw2_next_greater_element_nested(arr):
    result = []
    for i in range(len(arr)):
        nxt = -1
        for j in range(i + 1, len(arr)):
            if arr[j] > arr[i]:
                nxt = arr[j]
                break
        result.append(nxt)
    return result


@case((I(6, 8, 7, 3), I(0, 1, 2, 3)), (I(2, 1), I(0, 0)))
def rw2_sjf_sorted_objects(bursts, arrivals):
    procs = [_RW2Process(i, arrivals[i], bursts[i]) for i in range(len(bursts))]
    order = sorted(procs, key=lambda p: p.burst)
    t, total_wait = 0, 0
    for p in order:
        total_wait += t
        t += p.burst
    return total_wait


# ================================================================ accepted outcomes
# In the format of corpus_hunt_python3.KNOWN. OPEN marks a converter bug or an unfair /
# unclear refusal still to fix; the others are fair refusals or documented behaviour.
KNOWN: dict[str, str] = {
    "rw2_is_happy_seen_set": "refused: TracedShapeError: a set of traced ints (`seen.add(n)`): "
                             "which items are equal depends on the data (fair)",
    "rw2_fib_lru_cache": "refused: TracedShapeError: functools.lru_cache keyed by a traced int "
                         "(fair: a cache keyed by run-time values)",
    # ---- documented behaviour
    "rw2_quadratic_roots_complex": "MISMATCH jit: documented join of branch dtypes: "
                                   "`s.real if not s.imag else s` with a traced test gives "
                                   "complex64 on every run, eager float32 where the root is "
                                   "real (values equal; dtype only)",
    # ---- unfair refusals
    "rw2_sjf_sorted_objects": "refused: TracedShapeError: OPEN (unfair, clear): sorted() of "
                              "user objects by a traced scalar key; the list has a static "
                              "length and `sorted(zip(...))` of tuples compiles (a per-attribute "
                              "gather by argsort would do); the message suggests argsort",
    # ---- fair refusals (a list, dict or text whose length, keys or characters depend on the data)
    "rw2_binomial_dp_list": "refused: TracedShapeError: `[0 for _ in range(r + 1)]` with a "
                            "traced r (fair; static_argnums=(0, 1) compiles)",
    "rw2_integer_partitions": "refused: TracedShapeError: a table of `range(m + 1)` rows with "
                              "a traced m (fair)",
    "rw2_min_partition_diff": "refused: TracedShapeError: a table sized by `int(sum(arr))` (fair)",
    "rw2_nth_ugly_number": "refused: TracedListError: `ugly_nums.append` in a loop over a traced "
                           "range (fair)",
    "rw2_luhn_from_int": "refused: TracedListError: `digits.append` in a digit `while` (fair)",
    "rw2_merge_sort_lists": "refused: TracedListError: `result.append` in a merge `while` with "
                            "a traced trip count (fair as documented; the merged length is "
                            "static, but each loop's share of it is not)",
    "rw2_next_greater_element_stack": "refused: LoopStateMismatch: a stack list that grows and "
                                      "shrinks in a traced while (fair)",
    "rw2_pancake_sort_list": "refused: TracedShapeError: `arr[mi::-1]` of a Python list at a "
                             "traced index (fair: each piece's length depends on the data)",
    "rw2_quick_sort_comprehension": "refused: TracedShapeError: filtering comprehensions kept "
                                    "as lists (fair)",
    "rw2_digits_filter_even_count": "refused: TracedShapeError: `evens = list(filter(...))` "
                                    "kept as a list, then len (fair, as a named filtering "
                                    "comprehension is)",
    "rw2_gravitational_law": "refused: StateError: the returned dict's key depends on which "
                             "argument is 0 (fair)",
    "rw2_ohms_law": "refused: StateError: as rw2_gravitational_law (fair)",
    "rw2_sign_or_none": "refused: StateError: returns None on some runs (fair, documented)",
    "rw2_quick_sort_inplace_recursive": "refused: TracedRecursionError: recursion depth "
                                        "depends on traced pivots (fair, clear)",
    "rw2_digits_to_int_map": "refused: ConcreteValueError: int() of text made from traced "
                             "digits (fair)",
    "rw2_is_palindrome_str": "refused: ConcreteValueError: `str(n) == str(n)[::-1]` compares "
                             "run-time text (fair, clear)",
    "rw2_sum_digits_str": "refused: ConcreteValueError: iterating `str(n)` of a traced n (fair, "
                          "clear)",
    "rw2_num_digits_len_str": "refused: ConcreteValueError: `len(str(n))` of a traced n (fair, "
                              "clear)",
    "rw2_count_bits_bin": "refused: ConcreteValueError: `bin(n).count('1')` of a traced n (fair, "
                          "clear)",
}
