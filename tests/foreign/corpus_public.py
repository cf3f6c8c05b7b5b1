"""Public-code corpus: numerical functions written by others, run eager vs converted.

Every function below was copied from a public GitHub repository (the line
`# origin: owner/repo/path` above each one names the file; `(name, renamed
from X)` where the name had to change to be unique in this module). The
bodies are as written there, except: docstrings and doctests are stripped,
decorators dropped, `math.*` / `numpy.*` calls replaced by their `jax.numpy`
equivalents so that the code can run on JAX arrays, and calls to a renamed
helper use its new name. Nothing else was changed, so these functions show
what real code does with `autograph_py`: validation `raise`s, `isinstance`
checks, Python builtins on traced values, lists grown in loops, recursion.

Each entry is registered with `@public(*arg_sets, category=...)`: every
argument set is a tuple of plain Python values; a list argument is an array
(NumPy for the eager reference, `jnp.asarray` when traced); a callable (or
None, or a string) argument is static. `benchmarks/corpus_score.py` scores
the corpus.
"""
from __future__ import annotations

import sys
from collections.abc import Callable, Sequence
from functools import reduce
from itertools import pairwise
from sys import maxsize
from typing import Any, Optional, Tuple

import jax.numpy as jnp

# type names the copied signatures use (annotations are never evaluated here)
RealFunc = Callable[[float], float]
Vector = VectorOut = Any

PUBLIC: list[dict] = []


def public(*arg_sets, category, arrays=None, note=""):
    """Registers a corpus function with its argument sets (tuples of Python values).

    `arrays`: indices of the arguments that are arrays (default: every list
    argument). `note`: a remark shown by the scorer.
    """
    assert arg_sets, "a corpus function needs argument sets"

    def deco(fn):
        PUBLIC.append(dict(fn=fn, name=fn.__name__, args=[tuple(a) for a in arg_sets],
                           category=category, arrays=arrays, note=note))
        return fn
    return deco


# origin: TheAlgorithms/Python/maths/abs.py
@public((-3.5,), (0.0,), (7,), category='arithmetic')
def abs_val(num: float) -> float:
    return -num if num < 0 else num


# origin: TheAlgorithms/Python/maths/abs.py
@public(([-3, -1, 2, -11],), ([5, 2, -2],), category='arithmetic')
def abs_min(x: list[int]) -> int:
    if len(x) == 0:
        raise ValueError("abs_min() arg is an empty sequence")
    j = x[0]
    for i in x:
        if abs_val(i) < abs_val(j):
            j = i
    return j


# origin: TheAlgorithms/Python/maths/abs.py
@public(([-3, -1, 2, -11],), ([0, 5, 1, 11],), category='arithmetic')
def abs_max(x: list[int]) -> int:
    if len(x) == 0:
        raise ValueError("abs_max() arg is an empty sequence")
    j = x[0]
    for i in x:
        if abs(i) > abs(j):
            j = i
    return j


# origin: TheAlgorithms/Python/maths/abs.py
@public(([-3, -1, 2, -11],), ([0, 5, 1, 11],), category='arithmetic')
def abs_max_sort(x: list[int]) -> int:
    if len(x) == 0:
        raise ValueError("abs_max_sort() arg is an empty sequence")
    return sorted(x, key=abs)[-1]


# origin: TheAlgorithms/Python/maths/addition_without_arithmetic.py
@public((3, 5), (13, 5), (0, 9), category='bit manipulation')
def add(first: int, second: int) -> int:
    while second != 0:
        c = first & second
        first ^= second
        second = c << 1
    return first


# origin: TheAlgorithms/Python/maths/aliquot_sum.py
@public((15,), (6,), category='number theory')
def aliquot_sum(input_num: int) -> int:
    if not isinstance(input_num, int):
        raise ValueError("Input must be an integer")
    if input_num <= 0:
        raise ValueError("Input must be positive")
    return sum(
        divisor for divisor in range(1, input_num // 2 + 1) if input_num % divisor == 0
    )


# origin: TheAlgorithms/Python/maths/arc_length.py
@public((45, 5), (120, 15), category='geometry')
def arc_length(angle: int, radius: int) -> float:
    return 2 * jnp.pi * radius * (angle / 360)


# origin: TheAlgorithms/Python/maths/area.py
@public((1.0, 2.0, 3.0), (0.0, 0.0, 0.0), category='geometry')
def surface_area_conical_frustum(
    radius_1: float, radius_2: float, height: float
) -> float:
    if radius_1 < 0 or radius_2 < 0 or height < 0:
        raise ValueError(
            "surface_area_conical_frustum() only accepts non-negative values"
        )
    slant_height = (height**2 + (radius_1 - radius_2) ** 2) ** 0.5
    return jnp.pi * ((slant_height * (radius_1 + radius_2)) + radius_1**2 + radius_2**2)


# origin: TheAlgorithms/Python/maths/area.py
@public((5.0, 12.0, 13.0), (3.0, 4.0, 5.0), category='geometry')
def area_triangle_three_sides(side1: float, side2: float, side3: float) -> float:
    if side1 < 0 or side2 < 0 or side3 < 0:
        raise ValueError("area_triangle_three_sides() only accepts non-negative values")
    elif side1 + side2 < side3 or side1 + side3 < side2 or side2 + side3 < side1:
        raise ValueError("Given three sides do not form a triangle")
    semi_perimeter = (side1 + side2 + side3) / 2
    area = jnp.sqrt(
        semi_perimeter
        * (semi_perimeter - side1)
        * (semi_perimeter - side2)
        * (semi_perimeter - side3)
    )
    return area


# origin: TheAlgorithms/Python/maths/area.py
@public((1, 1), (4, 3), category='geometry')
def surface_area_torus(torus_radius: float, tube_radius: float) -> float:
    if torus_radius < 0 or tube_radius < 0:
        raise ValueError("surface_area_torus() only accepts non-negative values")
    if torus_radius < tube_radius:
        raise ValueError(
            "surface_area_torus() does not support spindle or self intersecting tori"
        )
    return 4 * pow(jnp.pi, 2) * torus_radius * tube_radius


# origin: TheAlgorithms/Python/maths/area_under_curve.py
@public((lambda x: x ** 3 + x ** 2, -5.0, 5.0, 50), (lambda x: 5.0, 12.0, 14.0, 10), category='numerical methods')
def trapezoidal_area(
    fnc: Callable[[float], float],
    x_start: float,
    x_end: float,
    steps: int = 100,
) -> float:
    x1 = x_start
    fx1 = fnc(x_start)
    area = 0.0
    for _ in range(steps):
        # Approximates small segments of curve as linear and solve
        # for trapezoidal area
        x2 = (x_end - x_start) / steps + x1
        fx2 = fnc(x2)
        area += abs(fx2 + fx1) * (x2 - x1) / 2
        # Increment step
        x1 = x2
        fx1 = fx2
    return area


# origin: TheAlgorithms/Python/maths/average_median.py
@public(([2, 70, 6, 50, 20, 8, 4],), ([1, 3, 2, 4],), category='statistics')
def median(nums: list) -> int | float:
    # The sorted function returns list[SupportsRichComparisonT@sorted]
    # which does not support `+`
    sorted_list: list[int] = sorted(nums)
    length = len(sorted_list)
    mid_index = length >> 1
    return (
        (sorted_list[mid_index] + sorted_list[mid_index - 1]) / 2
        if length % 2 == 0
        else sorted_list[mid_index]
    )


# origin: TheAlgorithms/Python/maths/basic_maths.py (prime_factors_basic, renamed from prime_factors)
def prime_factors_basic(n: int) -> list:
    if n <= 0:
        raise ValueError("Only positive integers have prime factors")
    pf = []
    while n % 2 == 0:
        pf.append(2)
        n = int(n / 2)
    for i in range(3, int(jnp.sqrt(n)) + 1, 2):
        while n % i == 0:
            pf.append(i)
            n = int(n / i)
    if n > 2:
        pf.append(n)
    return pf


# origin: TheAlgorithms/Python/maths/basic_maths.py
@public((1,), (12,), (100,), category='number theory')
def number_of_divisors(n: int) -> int:
    if n <= 0:
        raise ValueError("Only positive numbers are accepted")
    div = 1
    temp = 1
    while n % 2 == 0:
        temp += 1
        n = int(n / 2)
    div *= temp
    for i in range(3, int(jnp.sqrt(n)) + 1, 2):
        temp = 1
        while n % i == 0:
            temp += 1
            n = int(n / i)
        div *= temp
    if n > 1:
        div *= 2
    return div


# origin: TheAlgorithms/Python/maths/basic_maths.py (sum_of_divisors_basic, renamed from sum_of_divisors)
@public((1,), (12,), (100,), category='number theory')
def sum_of_divisors_basic(n: int) -> int:
    if n <= 0:
        raise ValueError("Only positive numbers are accepted")
    s = 1
    temp = 1
    while n % 2 == 0:
        temp += 1
        n = int(n / 2)
    if temp > 1:
        s *= (2**temp - 1) / (2 - 1)
    for i in range(3, int(jnp.sqrt(n)) + 1, 2):
        temp = 1
        while n % i == 0:
            temp += 1
            n = int(n / i)
        if temp > 1:
            s *= (i**temp - 1) / (i - 1)
    return int(s)


# origin: TheAlgorithms/Python/maths/basic_maths.py
@public((10,), (97,), category='number theory')
def euler_phi(n: int) -> int:
    if n <= 0:
        raise ValueError("Only positive numbers are accepted")
    s = n
    for x in set(prime_factors_basic(n)):
        s *= (x - 1) / x
    return int(s)


# origin: TheAlgorithms/Python/maths/binary_exponentiation.py
@public((3, 5), (1.5, 4), category='arithmetic')
def binary_exp_recursive(base: float, exponent: int) -> float:
    if exponent < 0:
        raise ValueError("Exponent must be a non-negative integer")

    if exponent == 0:
        return 1

    if exponent % 2 == 1:
        return binary_exp_recursive(base, exponent - 1) * base

    b = binary_exp_recursive(base, exponent // 2)
    return b * b


# origin: TheAlgorithms/Python/maths/binary_exponentiation.py
@public((3, 5), (1.5, 4), (2, 0), category='arithmetic')
def binary_exp_iterative(base: float, exponent: int) -> float:
    if exponent < 0:
        raise ValueError("Exponent must be a non-negative integer")

    res: int | float = 1
    while exponent > 0:
        if exponent & 1:
            res *= base

        base *= base
        exponent >>= 1

    return res


# origin: TheAlgorithms/Python/maths/binary_exponentiation.py
@public((3, 4, 5), (7, 13, 10), category='number theory')
def binary_exp_mod_iterative(base: float, exponent: int, modulus: int) -> float:
    if exponent < 0:
        raise ValueError("Exponent must be a non-negative integer")
    if modulus <= 0:
        raise ValueError("Modulus must be a positive integer")

    res: int | float = 1
    while exponent > 0:
        if exponent & 1:
            res = ((res % modulus) * (base % modulus)) % modulus

        base *= base
        exponent >>= 1

    return res


# origin: TheAlgorithms/Python/maths/binary_multiplication.py
@public((2, 3), (5, 0), (10, 5), category='bit manipulation')
def binary_multiply(a: int, b: int) -> int:
    res = 0
    while b > 0:
        if b & 1:
            res += a

        a += a
        b >>= 1

    return res


# origin: TheAlgorithms/Python/maths/binary_multiplication.py
@public((2, 3, 5), (10, 5, 7), category='bit manipulation')
def binary_mod_multiply(a: int, b: int, modulus: int) -> int:
    res = 0
    while b > 0:
        if b & 1:
            res = ((res % modulus) + (a % modulus)) % modulus

        a += a
        b >>= 1

    return res


# origin: TheAlgorithms/Python/maths/binomial_coefficient.py
@public((10, 5), (6, 0), (4, 4), category='number theory')
def binomial_coefficient(n: int, r: int) -> int:
    if n < 0 or r < 0:
        raise ValueError("n and r must be non-negative integers")
    if 0 in (n, r):
        return 1
    c = [0 for i in range(r + 1)]
    # nc0 = 1
    c[0] = 1
    for i in range(1, n + 1):
        # to compute current row from previous row.
        j = min(i, r)
        while j > 0:
            c[j] += c[j - 1]
            j -= 1
    return c[r]


# origin: TheAlgorithms/Python/maths/ceil.py
@public((1.0,), (-1.5,), (2.3,), category='arithmetic')
def ceil(x: float) -> int:
    return int(x) if x - int(x) <= 0 else int(x) + 1


# origin: TheAlgorithms/Python/maths/floor.py
@public((1.0,), (-1.5,), (2.3,), category='arithmetic')
def floor(x: float) -> int:
    return int(x) if x - int(x) >= 0 else int(x) - 1


# origin: TheAlgorithms/Python/maths/chebyshev_distance.py
@public(([1.0, 1.0], [2.0, 2.0]), ([1.0, 1.0, 9.0], [2.0, 2.0, -5.2]), category='geometry')
def chebyshev_distance(point_a: list[float], point_b: list[float]) -> float:
    if len(point_a) != len(point_b):
        raise ValueError("Both points must have the same dimension.")

    return max(abs(a - b) for a, b in zip(point_a, point_b))


# origin: TheAlgorithms/Python/maths/chinese_remainder_theorem.py
def extended_euclid(a: int, b: int) -> tuple[int, int]:
    if b == 0:
        return (1, 0)
    (x, y) = extended_euclid(b, a % b)
    k = a // b
    return (y, x - k * y)


# origin: TheAlgorithms/Python/maths/chinese_remainder_theorem.py
@public((5, 1, 7, 3), (11, 2, 13, 5), category='number theory')
def chinese_remainder_theorem(n1: int, r1: int, n2: int, r2: int) -> int:
    (x, y) = extended_euclid(n1, n2)
    m = n1 * n2
    n = r2 * x * n1 + r1 * y * n2
    return (n % m + m) % m


# origin: TheAlgorithms/Python/maths/chinese_remainder_theorem.py
def invert_modulo(a: int, n: int) -> int:
    (b, _x) = extended_euclid(a, n)
    if b < 0:
        b = (b % n + n) % n
    return b


# origin: TheAlgorithms/Python/maths/chinese_remainder_theorem.py
@public((5, 1, 7, 3), (11, 2, 13, 5), category='number theory')
def chinese_remainder_theorem2(n1: int, r1: int, n2: int, r2: int) -> int:
    x, y = invert_modulo(n1, n2), invert_modulo(n2, n1)
    m = n1 * n2
    n = r2 * x * n1 + r1 * y * n2
    return (n % m + m) % m


# origin: TheAlgorithms/Python/maths/combinations.py
@public((10, 5), (6, 3), (20, 2), category='number theory')
def combinations(n: int, k: int) -> int:

    # If either of the conditions are true, the function is being asked
    # to calculate a factorial of a negative number, which is not possible
    if n < k or k < 0:
        raise ValueError("Please enter positive integers for n and k where n >= k")
    res = 1
    for i in range(k):
        res *= n - i
        res //= i + 1
    return res


# origin: TheAlgorithms/Python/maths/decimal_isolate.py
@public((35.345, 1), (-14.789, 3), (1.53, 0), category='arithmetic')
def decimal_isolate(number: float, digit_amount: int) -> float:
    if digit_amount > 0:
        return round(number - int(number), digit_amount)
    return number - int(number)


# origin: TheAlgorithms/Python/maths/euclidean_distance.py
@public(([0.0, 0.0], [2.0, 2.0]), ([1.0, 2.0, 3.0], [4.0, 5.0, 6.0]), category='geometry')
def euclidean_distance_no_np(vector_1: Vector, vector_2: Vector) -> VectorOut:
    return sum((v1 - v2) ** 2 for v1, v2 in zip(vector_1, vector_2)) ** (1 / 2)


# origin: TheAlgorithms/Python/maths/eulers_totient.py
@public((10,), (20,), category='number theory')
def totient(n: int) -> list:
    is_prime = [True for i in range(n + 1)]
    totients = [i - 1 for i in range(n + 1)]
    primes = []
    for i in range(2, n + 1):
        if is_prime[i]:
            primes.append(i)
        for j in range(len(primes)):
            if i * primes[j] >= n:
                break
            is_prime[i * primes[j]] = False

            if i % primes[j] == 0:
                totients[i * primes[j]] = totients[i] * primes[j]
                break

            totients[i * primes[j]] = totients[i] * (primes[j] - 1)

    return totients


# origin: TheAlgorithms/Python/maths/extended_euclidean_algorithm.py
@public((1, 24), (8, 14), (240, 124), (99, 303), category='number theory')
def extended_euclidean_algorithm(a: int, b: int) -> tuple[int, int]:
    # base cases
    if abs(a) == 1:
        return a, 0
    elif abs(b) == 1:
        return 0, b

    old_remainder, remainder = a, b
    old_coeff_a, coeff_a = 1, 0
    old_coeff_b, coeff_b = 0, 1

    while remainder != 0:
        quotient = old_remainder // remainder
        old_remainder, remainder = remainder, old_remainder - quotient * remainder
        old_coeff_a, coeff_a = coeff_a, old_coeff_a - quotient * coeff_a
        old_coeff_b, coeff_b = coeff_b, old_coeff_b - quotient * coeff_b

    # sign correction for negative numbers
    if a < 0:
        old_coeff_a = -old_coeff_a
    if b < 0:
        old_coeff_b = -old_coeff_b

    return old_coeff_a, old_coeff_b


# origin: TheAlgorithms/Python/maths/factorial.py
@public((0,), (5,), (10,), category='number theory')
def factorial(number: int) -> int:
    if number != int(number):
        raise ValueError("factorial() only accepts integral values")
    if number < 0:
        raise ValueError("factorial() not defined for negative values")
    value = 1
    for i in range(1, number + 1):
        value *= i
    return value


# origin: TheAlgorithms/Python/maths/factors.py
@public((24,), (1,), (-24,), category='number theory')
def factors_of_a_number(num: int) -> list:
    facs: list[int] = []
    if num < 1:
        return facs
    facs.append(1)
    if num == 1:
        return facs
    facs.append(num)
    for i in range(2, int(jnp.sqrt(num)) + 1):
        if num % i == 0:  # If i is a factor of num
            facs.append(i)
            d = num // i  # num//i is the other factor of num
            if d != i:  # If d and i are distinct
                facs.append(d)  # we have found another factor
    facs.sort()
    return facs


# origin: TheAlgorithms/Python/maths/fermat_little_theorem.py
@public((3, 5, 7), (2, 10, 1000), category='number theory')
def binary_exponentiation(a: int, n: float, mod: int) -> int:
    if n == 0:
        return 1

    elif n % 2 == 1:
        return (binary_exponentiation(a, n - 1, mod) * a) % mod

    else:
        b = binary_exponentiation(a, n / 2, mod)
        return (b * b) % mod


# origin: TheAlgorithms/Python/maths/fibonacci.py
@public((0,), (1,), (10,), category='sequences')
def fib_iterative(n: int) -> list[int]:
    if n < 0:
        raise ValueError("n is negative")
    if n == 0:
        return [0]
    fib = [0, 1]
    for _ in range(n - 1):
        fib.append(fib[-1] + fib[-2])
    return fib


# origin: TheAlgorithms/Python/maths/fibonacci.py
@public((0,), (10,), category='sequences')
def fib_binet(n: int) -> list[int]:
    if n < 0:
        raise ValueError("n is negative")
    if n >= 1475:
        raise ValueError("n is too large")
    sqrt_5 = jnp.sqrt(5)
    phi = (1 + sqrt_5) / 2
    return [round(phi**i / sqrt_5) for i in range(n + 1)]


# origin: TheAlgorithms/Python/maths/find_max.py
@public(([2, 4, 9, 7, 19, 94, 5],), ([-1.5, -2.0, 3.5],), category='array algorithms')
def find_max_iterative(nums: list[int | float]) -> int | float:
    if len(nums) == 0:
        raise ValueError("find_max_iterative() arg is an empty sequence")
    max_num = nums[0]
    for x in nums:
        if x > max_num:  # noqa: PLR1730
            max_num = x
    return max_num


# origin: TheAlgorithms/Python/maths/find_max.py
@public(([2, 4, 9, 7, 19, 94, 5], 0, 6), ([1.0, 3.0, 2.0], 0, 2), category='array algorithms')
def find_max_recursive(nums: list[int | float], left: int, right: int) -> int | float:
    if len(nums) == 0:
        raise ValueError("find_max_recursive() arg is an empty sequence")
    if (
        left >= len(nums)
        or left < -len(nums)
        or right >= len(nums)
        or right < -len(nums)
    ):
        raise IndexError("list index out of range")
    if left == right:
        return nums[left]
    mid = (left + right) >> 1  # the middle
    left_max = find_max_recursive(nums, left, mid)  # find max in range[left, mid]
    right_max = find_max_recursive(
        nums, mid + 1, right
    )  # find max in range[mid + 1, right]

    return left_max if left_max >= right_max else right_max


# origin: TheAlgorithms/Python/maths/find_min.py
@public(([2, 4, 9, 7, 19, 94, 5],), ([-1.5, -2.0, 3.5],), category='array algorithms')
def find_min_iterative(nums: list[int | float]) -> int | float:
    if len(nums) == 0:
        raise ValueError("find_min_iterative() arg is an empty sequence")
    min_num = nums[0]
    for num in nums:
        min_num = min(min_num, num)
    return min_num


# origin: TheAlgorithms/Python/maths/gamma.py
@public((5,), (0.5,), (1,), category='numerical methods')
def gamma_recursive(num: float) -> float:
    if num <= 0:
        raise ValueError("math domain error")
    if num > 171.5:
        raise OverflowError("math range error")
    elif num - int(num) not in (0, 0.5):
        raise NotImplementedError("num must be an integer or a half-integer")
    elif num == 0.5:
        return jnp.sqrt(jnp.pi)
    else:
        return 1.0 if num == 1 else (num - 1) * gamma_recursive(num - 1)


# origin: TheAlgorithms/Python/maths/gaussian.py
@public((1.0,), (2.0, 1.0, 2.0), category='statistics')
def gaussian(x, mu: float = 0.0, sigma: float = 1.0) -> float:
    return 1 / jnp.sqrt(2 * jnp.pi * sigma**2) * jnp.exp(-((x - mu) ** 2) / (2 * sigma**2))


# origin: TheAlgorithms/Python/maths/hardy_ramanujanalgo.py
@public((360,), (97,), (1001,), category='number theory')
def exact_prime_factor_count(n: int) -> int:
    count = 0
    if n % 2 == 0:
        count += 1
        while n % 2 == 0:
            n = int(n / 2)
    # the n input value must be odd so that
    # we can skip one element (ie i += 2)

    i = 3

    while i <= int(jnp.sqrt(n)):
        if n % i == 0:
            count += 1
            while n % i == 0:
                n = int(n / i)
        i = i + 2

    # this condition checks the prime
    # number n is greater than 2

    if n > 2:
        count += 1
    return count


# origin: TheAlgorithms/Python/maths/is_int_palindrome.py
@public((121,), (-121,), (10,), (0,), category='number theory')
def is_int_palindrome(num: int) -> bool:
    if num < 0:
        return False

    num_copy: int = num
    rev_num: int = 0
    while num > 0:
        rev_num = rev_num * 10 + (num % 10)
        num //= 10

    return num_copy == rev_num


# origin: TheAlgorithms/Python/maths/joint_probability_distribution.py
@public(([1, 2], [0.7, 0.3]), ([-1, 5, 4], [0.2, 0.5, 0.3]), category='statistics')
def expectation(values: list, probabilities: list) -> float:
    return sum(x * p for x, p in zip(values, probabilities))


# origin: TheAlgorithms/Python/maths/joint_probability_distribution.py
@public(([1, 2], [0.7, 0.3]), ([-1, 5, 4], [0.2, 0.5, 0.3]), category='statistics')
def variance(values: list[int], probabilities: list[float]) -> float:
    mean = expectation(values, probabilities)
    return sum((x - mean) ** 2 * p for x, p in zip(values, probabilities))


# origin: TheAlgorithms/Python/maths/joint_probability_distribution.py
@public(([1, 2], [-2, 5, 8], [0.7, 0.3], [0.3, 0.5, 0.2]), category='statistics')
def covariance(
    x_values: list[int],
    y_values: list[int],
    x_probabilities: list[float],
    y_probabilities: list[float],
) -> float:
    mean_x = expectation(x_values, x_probabilities)
    mean_y = expectation(y_values, y_probabilities)
    return sum(
        (x - mean_x) * (y - mean_y) * px * py
        for x, px in zip(x_values, x_probabilities)
        for y, py in zip(y_values, y_probabilities)
    )


# origin: TheAlgorithms/Python/maths/josephus_problem.py
@public((7, 3), (1, 2), (5, 1), category='number theory')
def josephus_iterative(num_people: int, step_size: int) -> int:
    circle = list(range(1, num_people + 1))
    current = 0

    while len(circle) > 1:
        current = (current + step_size - 1) % len(circle)
        circle.pop(current)

    return circle[0]


# origin: TheAlgorithms/Python/maths/kth_lexicographic_permutation.py
@public((10, 4), (0, 3), category='number theory')
def kth_permutation(k, n):
    # Factorails from 1! to (n-1)!
    factorials = [1]
    for i in range(2, n):
        factorials.append(factorials[-1] * i)
    assert 0 <= k < factorials[-1] * n, "k out of bounds"

    permutation = []
    elements = list(range(n))

    # Find permutation
    while factorials:
        factorial = factorials.pop()
        number, k = divmod(k, factorial)
        permutation.append(elements[number])
        elements.remove(elements[number])
    permutation.append(elements[0])

    return permutation


# origin: TheAlgorithms/Python/maths/largest_of_very_large_numbers.py
@public((5, 7), (0, 3), (4, 0), category='arithmetic')
def res(x, y):
    if 0 not in (x, y):
        # We use the relation x^y = y*log10(x), where 10 is the base.
        return y * jnp.log10(x)
    elif x == 0:  # 0 raised to any number is 0
        return 0
    elif y == 0:
        return 1  # any number raised to 0 is 1
    raise AssertionError("This should never happen")


# origin: TheAlgorithms/Python/maths/least_common_multiple.py
@public((5, 2), (12, 76), category='number theory')
def least_common_multiple_slow(first_num: int, second_num: int) -> int:
    max_num = first_num if first_num >= second_num else second_num
    common_mult = max_num
    while (common_mult % first_num > 0) or (common_mult % second_num > 0):
        common_mult += max_num
    return common_mult


# origin: TheAlgorithms/Python/maths/greatest_common_divisor.py
def greatest_common_divisor(a: int, b: int) -> int:
    return abs(b) if a == 0 else greatest_common_divisor(b % a, a)


# origin: TheAlgorithms/Python/maths/least_common_multiple.py
@public((5, 2), (12, 76), category='number theory')
def least_common_multiple_fast(first_num: int, second_num: int) -> int:
    return first_num // greatest_common_divisor(first_num, second_num) * second_num


# origin: TheAlgorithms/Python/maths/greatest_common_divisor.py
@public((24, 40), (11, 37), (3, 0), category='number theory')
def gcd_by_iterative(x: int, y: int) -> int:
    while y:  # --> when y=0 then loop will terminate and return x as final GCD.
        x, y = y, x % y
    return abs(x)


# origin: TheAlgorithms/Python/maths/line_length.py
@public((lambda x: x, 0.0, 1.0, 10), (lambda x: jnp.sin(5 * x) + jnp.cos(10 * x) + x * x / 10, -5.5, 4.5, 50), category='numerical methods')
def line_length(
    fnc: Callable[[float], float],
    x_start: float,
    x_end: float,
    steps: int = 100,
) -> float:

    x1 = x_start
    fx1 = fnc(x_start)
    length = 0.0

    for _ in range(steps):
        # Approximates curve as a sequence of linear lines and sums their length
        x2 = (x_end - x_start) / steps + x1
        fx2 = fnc(x2)
        length += jnp.hypot(x2 - x1, fx2 - fx1)

        # Increment step
        x1 = x2
        fx1 = fx2

    return length


# origin: TheAlgorithms/Python/maths/lucas_lehmer_primality_test.py
@public((7,), (11,), (13,), category='number theory')
def lucas_lehmer_test(p: int) -> bool:

    if p < 2:
        raise ValueError("p should not be less than 2!")
    elif p == 2:
        return True

    s = 4
    m = (1 << p) - 1
    for _ in range(p - 2):
        s = ((s * s) - 2) % m
    return s == 0


# origin: TheAlgorithms/Python/maths/lucas_series.py
@public((0,), (10,), category='sequences')
def dynamic_lucas_number(n_th_number: int) -> int:
    if not isinstance(n_th_number, int):
        raise TypeError("dynamic_lucas_number accepts only integer arguments.")
    a, b = 2, 1
    for _ in range(n_th_number):
        a, b = b, a + b
    return a


# origin: TheAlgorithms/Python/maths/max_sum_sliding_window.py
@public(([1, 4, 2, 10, 2, 3, 1, 0, 20], 4), ([1, 4, 2, 10, 2, 13, 1, 0, 2], 4), category='array algorithms')
def max_sum_in_array(array: list[int], k: int) -> int:
    if len(array) < k or k < 0:
        raise ValueError("Invalid Input")
    max_sum = current_sum = sum(array[:k])
    for i in range(len(array) - k):
        current_sum = current_sum - array[i] + array[i + k]
        max_sum = max(max_sum, current_sum)
    return max_sum


# origin: TheAlgorithms/Python/maths/minkowski_distance.py
@public(([1.0, 1.0], [2.0, 2.0], 1), ([1.0, 2.0, 3.0, 4.0], [5.0, 6.0, 7.0, 8.0], 2), category='geometry')
def minkowski_distance(
    point_a: list[float],
    point_b: list[float],
    order: int,
) -> float:
    if order < 1:
        raise ValueError("The order must be greater than or equal to 1.")

    if len(point_a) != len(point_b):
        raise ValueError("Both points must have the same dimension.")

    return sum(abs(a - b) ** order for a, b in zip(point_a, point_b)) ** (1 / order)


# origin: TheAlgorithms/Python/maths/modular_division.py
def extended_gcd(a: int, b: int) -> tuple[int, int, int]:
    assert a >= 0
    assert b >= 0

    if b == 0:
        d, x, y = a, 1, 0
    else:
        (d, p, q) = extended_gcd(b, a % b)
        x = q
        y = p - q * (a // b)

    assert a % d == 0
    assert b % d == 0
    assert d == a * x + b * y

    return (d, x, y)


# origin: TheAlgorithms/Python/maths/modular_division.py (greatest_common_divisor_md, renamed from greatest_common_divisor)
def greatest_common_divisor_md(a: int, b: int) -> int:
    if a < b:
        a, b = b, a

    while a % b != 0:
        a, b = b, a % b

    return b


# origin: TheAlgorithms/Python/maths/modular_division.py
@public((4, 8, 5), (3, 8, 5), category='number theory')
def modular_division(a: int, b: int, n: int) -> int:
    if n <= 1:
        raise ValueError("Modulus n must be greater than 1")
    if a <= 0:
        raise ValueError("Divisor a must be a positive integer")
    if greatest_common_divisor_md(a, n) != 1:
        raise ValueError("a and n must be coprime (gcd(a, n) = 1)")

    (_d, _t, s) = extended_gcd(n, a)  # Implemented below
    x = (b * s) % n
    return x


# origin: TheAlgorithms/Python/maths/modular_exponential.py
@public((3, 200, 13), (5, 0, 7), (2, -1, 5), category='number theory')
def modular_exponential(base: int, power: int, mod: int):

    if power < 0:
        return -1
    base %= mod
    result = 1

    while power > 0:
        if power & 1:
            result = (result * base) % mod
        power = power >> 1
        base = (base * base) % mod

    return result


# origin: TheAlgorithms/Python/maths/perfect_cube.py
@public((27,), (4,), category='number theory')
def perfect_cube(n: int) -> bool:
    val = n ** (1 / 3)
    return (val * val * val) == n


# origin: TheAlgorithms/Python/maths/perfect_square.py
@public((9,), (10,), category='number theory')
def perfect_square(num: int) -> bool:
    return jnp.sqrt(num) * jnp.sqrt(num) == num


# origin: TheAlgorithms/Python/maths/perfect_square.py
@public((16,), (15,), (0,), (1,), category='number theory')
def perfect_square_binary_search(n: int) -> bool:
    left = 0
    right = n
    while left <= right:
        mid = (left + right) // 2
        if mid**2 == n:
            return True
        elif mid**2 > n:
            right = mid - 1
        else:
            left = mid + 1
    return False


# origin: TheAlgorithms/Python/maths/polynomial_evaluation.py
@public(([0.0, 0.0, 5.0, 9.3, 7.0], 10.0), ([1.0, 2.0], 0.5), category='numerical methods')
def evaluate_poly(poly: Sequence[float], x: float) -> float:
    return sum(c * (x**i) for i, c in enumerate(poly))


# origin: TheAlgorithms/Python/maths/polynomial_evaluation.py
@public(([0.0, 0.0, 5.0, 9.3, 7.0], 10.0), ([1.0, 2.0], 0.5), category='numerical methods')
def horner(poly: Sequence[float], x: float) -> float:
    result = 0.0
    for coeff in reversed(poly):
        result = result * x + coeff
    return result


# origin: TheAlgorithms/Python/maths/power_using_recursion.py
@public((3, 4), (2, 0), category='arithmetic')
def power(base: int, exponent: int) -> float:
    return base * power(base, (exponent - 1)) if exponent else 1


# origin: TheAlgorithms/Python/maths/prime_factors.py
@public((100,), (2560,), (97,), category='number theory')
def prime_factors(n: int) -> list[int]:
    i = 2
    factors = []
    while i * i <= n:
        if n % i:
            i += 1
        else:
            n //= i
            factors.append(i)
    if n > 1:
        factors.append(n)
    return factors


# origin: TheAlgorithms/Python/maths/prime_factors.py
@public((100,), (2560,), (97,), category='number theory')
def unique_prime_factors(n: int) -> list[int]:
    i = 2
    factors = []
    while i * i <= n:
        if not n % i:
            while not n % i:
                n //= i
            factors.append(i)
        i += 1
    if n > 1:
        factors.append(n)
    return factors


# origin: TheAlgorithms/Python/maths/prime_sieve_eratosthenes.py
@public((10,), (20,), category='number theory')
def prime_sieve_eratosthenes(num: int) -> list[int]:

    if num <= 0:
        raise ValueError("Input must be a positive integer")

    primes = [True] * (num + 1)

    p = 2
    while p * p <= num:
        if primes[p]:
            for i in range(p * p, num + 1, p):
                primes[i] = False
        p += 1

    return [prime for prime in range(2, num + 1) if primes[prime]]


# origin: TheAlgorithms/Python/maths/is_square_free.py
def is_square_free(factors: list[int]) -> bool:
    return len(set(factors)) == len(factors)


# origin: TheAlgorithms/Python/maths/mobius_function.py
@public((10,), (24,), category='number theory')
def mobius(n: int) -> int:
    factors = prime_factors(n)
    if is_square_free(factors):
        return -1 if len(factors) % 2 else 1
    return 0


# origin: TheAlgorithms/Python/maths/pollard_rho.py
@public((8051,), (10403,), (100,), category='number theory')
def pollard_rho(
    num: int,
    seed: int = 2,
    step: int = 1,
    attempts: int = 3,
) -> int | None:
    # A value less than 2 can cause an infinite loop in the algorithm.
    if num < 2:
        raise ValueError("The input value cannot be less than 2")

    # Because of the relationship between ``f(f(x))`` and ``f(x)``, this
    # algorithm struggles to find factors that are divisible by two.
    # As a workaround, we specifically check for two and even inputs.
    #   See: https://math.stackexchange.com/a/2856214/165820
    if num > 2 and num % 2 == 0:
        return 2

    # Pollard's Rho algorithm requires a function that returns pseudorandom
    # values between 0 <= X < ``num``.  It doesn't need to be random in the
    # sense that the output value is cryptographically secure or difficult
    # to calculate, it only needs to be random in the sense that all output
    # values should be equally likely to appear.
    # For this reason, Pollard suggested using ``f(x) = (x**2 - 1) % num``
    # However, the success of Pollard's algorithm isn't guaranteed and is
    # determined in part by the initial seed and the chosen random function.
    # To make retries easier, we will instead use ``f(x) = (x**2 + C) % num``
    # where ``C`` is a value that we can modify between each attempt.
    def rand_fn(value: int, step: int, modulus: int) -> int:
        return (pow(value, 2) + step) % modulus

    for _ in range(attempts):
        # These track the position within the cycle detection logic.
        tortoise = seed
        hare = seed

        while True:
            # At each iteration, the tortoise moves one step and the hare moves two.
            tortoise = rand_fn(tortoise, step, num)
            hare = rand_fn(hare, step, num)
            hare = rand_fn(hare, step, num)

            # At some point both the tortoise and the hare will enter a cycle whose
            # length ``p`` is a divisor of ``num``.  Once in that cycle, at some point
            # the tortoise and hare will end up on the same value modulo ``p``.
            # We can detect when this happens because the position difference between
            # the tortoise and the hare will share a common divisor with ``num``.
            divisor = jnp.gcd(hare - tortoise, num)

            if divisor == 1:
                # No common divisor yet, just keep searching.
                continue
            # We found a common divisor!
            elif divisor == num:
                # Unfortunately, the divisor is ``num`` itself and is useless.
                break
            else:
                # The divisor is a nontrivial factor of ``num``!
                return divisor

        # If we made it here, then this attempt failed.
        # We need to pick a new starting seed for the tortoise and hare
        # in addition to a new step value for the random function.
        # To keep this example implementation deterministic, the
        # new values will be generated based on currently available
        # values instead of using something like ``random.randint``.

        # We can use the hare's position as the new seed.
        # This is actually what Richard Brent's the "optimized" variant does.
        seed = hare

        # The new step value for the random function can just be incremented.
        # At first the results will be similar to what the old function would
        # have produced, but the value will quickly diverge after a bit.
        step += 1

    # We haven't found a divisor within the requested number of attempts.
    # We were unlucky or ``num`` itself is actually prime.
    return None


# origin: TheAlgorithms/Python/maths/spearman_rank_correlation_coefficient.py
def assign_ranks(data: Sequence[float]) -> list[int]:
    ranked_data = sorted((value, index) for index, value in enumerate(data))
    ranks = [0] * len(data)

    for position, (_, index) in enumerate(ranked_data):
        ranks[index] = position + 1

    return ranks


# origin: TheAlgorithms/Python/maths/spearman_rank_correlation_coefficient.py
@public(([1, 2, 3, 4, 5], [5, 4, 3, 2, 1]), ([1.0, 2.0, 3.0, 4.0, 5.0], [2.0, 4.0, 6.0, 8.0, 10.0]), category='statistics')
def calculate_spearman_rank_correlation(
    variable_1: Sequence[float], variable_2: Sequence[float]
) -> float:
    n = len(variable_1)
    rank_var1 = assign_ranks(variable_1)
    rank_var2 = assign_ranks(variable_2)

    # Calculate differences of ranks
    d = [rx - ry for rx, ry in zip(rank_var1, rank_var2)]

    # Calculate the sum of squared differences
    d_squared = sum(di**2 for di in d)

    # Calculate the Spearman's rank correlation coefficient
    rho = 1 - (6 * d_squared) / (n * (n**2 - 1))

    return rho


# origin: TheAlgorithms/Python/maths/signum.py
@public((5,), (-5.5,), (0,), category='arithmetic')
def signum(num: float) -> int:
    if num < 0:
        return -1
    return 1 if num else 0


# origin: TheAlgorithms/Python/maths/sum_of_digits.py
@public((12345,), (-123,), (0,), category='number theory')
def sum_of_digits(n: int) -> int:
    n = abs(n)
    res = 0
    while n > 0:
        res += n % 10
        n //= 10
    return res


# origin: TheAlgorithms/Python/maths/sum_of_digits.py
@public((12345,), (0,), category='number theory')
def sum_of_digits_recursion(n: int) -> int:
    n = abs(n)
    return n if n < 10 else n % 10 + sum_of_digits(n // 10)


# origin: TheAlgorithms/Python/maths/sum_of_geometric_progression.py
@public((1, 2, 10), (1, 1, 5), (1, 10, 5), category='sequences')
def sum_of_geometric_progression(
    first_term: int, common_ratio: int, num_of_terms: int
) -> float:
    if common_ratio == 1:
        # Formula for sum if common ratio is 1
        return num_of_terms * first_term

    # Formula for finding sum of n terms of a GeometricProgression
    return (first_term / (1 - common_ratio)) * (1 - common_ratio**num_of_terms)


# origin: TheAlgorithms/Python/maths/sum_of_harmonic_series.py
@public((0.5, 2, 2), (0.2, 5, 5), category='sequences')
def sum_of_harmonic_progression(
    first_term: float, common_difference: float, number_of_terms: int
) -> float:
    arithmetic_progression = [1 / first_term]
    first_term = 1 / first_term
    for _ in range(number_of_terms - 1):
        first_term += common_difference
        arithmetic_progression.append(first_term)
    harmonic_series = [1 / step for step in arithmetic_progression]
    return sum(harmonic_series)


# origin: TheAlgorithms/Python/maths/sum_of_arithmetic_series.py
@public((1, 1, 10), (1, 10, 100), category='sequences')
def sum_of_series(first_term: int, common_diff: int, num_of_terms: int) -> float:
    total = (num_of_terms / 2) * (2 * first_term + (num_of_terms - 1) * common_diff)
    # formula for sum of series
    return total


# origin: TheAlgorithms/Python/maths/two_pointer.py
@public(([2, 7, 11, 15], 9), ([2, 7, 11, 15], 35), ([1, 3, 3], 6), category='array algorithms')
def two_pointer(nums: list[int], target: int) -> list[int]:
    i = 0
    j = len(nums) - 1

    while i < j:
        if nums[i] + nums[j] == target:
            return [i, j]
        elif nums[i] + nums[j] < target:
            i = i + 1
        else:
            j = j - 1

    return []


# origin: TheAlgorithms/Python/maths/two_sum.py
@public(([2, 7, 11, 15], 9), ([2, 7, 11, 15], 17), category='array algorithms')
def two_sum(nums: list[int], target: int) -> list[int]:
    chk_map: dict[int, int] = {}
    for index, val in enumerate(nums):
        compl = target - val
        if compl in chk_map:
            return [chk_map[compl], index]
        chk_map[val] = index
    return []


# origin: TheAlgorithms/Python/maths/volume.py
def vol_spherical_cap(height: float, radius: float) -> float:
    if height < 0 or radius < 0:
        raise ValueError("vol_spherical_cap() only accepts non-negative values")
    # Volume is 1/3 jnp.pi * height squared * (3 * radius - height)
    return 1 / 3 * jnp.pi * jnp.power(height, 2) * (3 * radius - height)


# origin: TheAlgorithms/Python/maths/volume.py
@public((5.0,), (1.0,), category='geometry')
def vol_sphere(radius: float) -> float:
    if radius < 0:
        raise ValueError("vol_sphere() only accepts non-negative values")
    # Volume is 4/3 * jnp.pi * radius cubed
    return 4 / 3 * jnp.pi * jnp.power(radius, 3)


# origin: TheAlgorithms/Python/maths/volume.py
def vol_spheres_intersect(
    radius_1: float, radius_2: float, centers_distance: float
) -> float:
    if radius_1 < 0 or radius_2 < 0 or centers_distance < 0:
        raise ValueError("vol_spheres_intersect() only accepts non-negative values")
    if centers_distance == 0:
        return vol_sphere(min(radius_1, radius_2))

    h1 = (
        (radius_1 - radius_2 + centers_distance)
        * (radius_1 + radius_2 - centers_distance)
        / (2 * centers_distance)
    )
    h2 = (
        (radius_2 - radius_1 + centers_distance)
        * (radius_2 + radius_1 - centers_distance)
        / (2 * centers_distance)
    )

    return vol_spherical_cap(h1, radius_2) + vol_spherical_cap(h2, radius_1)


# origin: TheAlgorithms/Python/maths/volume.py
@public((2.0, 2.0, 1.0), (1.0, 1.0, 0.0), (2.0, 1.0, 1.5), category='geometry')
def vol_spheres_union(
    radius_1: float, radius_2: float, centers_distance: float
) -> float:

    if radius_1 <= 0 or radius_2 <= 0 or centers_distance < 0:
        raise ValueError(
            "vol_spheres_union() only accepts non-negative values, non-zero radius"
        )

    if centers_distance == 0:
        return vol_sphere(max(radius_1, radius_2))

    return (
        vol_sphere(radius_1)
        + vol_sphere(radius_2)
        - vol_spheres_intersect(radius_1, radius_2, centers_distance)
    )


# origin: TheAlgorithms/Python/maths/volume.py
@public((1.0, 2.0, 3.0), (0.0, 1.0, 1.0), category='geometry')
def vol_hollow_circular_cylinder(
    inner_radius: float, outer_radius: float, height: float
) -> float:
    # Volume - (outer_radius squared - inner_radius squared) * jnp.pi * height
    if inner_radius < 0 or outer_radius < 0 or height < 0:
        raise ValueError(
            "vol_hollow_circular_cylinder() only accepts non-negative values"
        )
    if outer_radius <= inner_radius:
        raise ValueError("outer_radius must be greater than inner_radius")
    return jnp.pi * (jnp.power(outer_radius, 2) - jnp.power(inner_radius, 2)) * height


# origin: TheAlgorithms/Python/maths/special_numbers/bell_numbers.py
def _binomial_coefficient(total_elements: int, elements_to_choose: int) -> int:
    if elements_to_choose in {0, total_elements}:
        return 1

    elements_to_choose = min(elements_to_choose, total_elements - elements_to_choose)

    coefficient = 1
    for i in range(elements_to_choose):
        coefficient *= total_elements - i
        coefficient //= i + 1

    return coefficient


# origin: TheAlgorithms/Python/maths/special_numbers/bell_numbers.py
@public((5,), (0,), category='sequences')
def bell_numbers(max_set_length: int) -> list[int]:
    if max_set_length < 0:
        raise ValueError("max_set_length must be non-negative")

    bell = [0] * (max_set_length + 1)
    bell[0] = 1

    for i in range(1, max_set_length + 1):
        for j in range(i):
            bell[i] += _binomial_coefficient(i - 1, j) * bell[j]

    return bell


# origin: TheAlgorithms/Python/maths/special_numbers/hamming_numbers.py
@public((5,), (1,), category='sequences')
def hamming(n_element: int) -> list:
    n_element = int(n_element)
    if n_element < 1:
        my_error = ValueError("n_element should be a positive number")
        raise my_error

    hamming_list = [1]
    i, j, k = (0, 0, 0)
    index = 1
    while index < n_element:
        while hamming_list[i] * 2 <= hamming_list[-1]:
            i += 1
        while hamming_list[j] * 3 <= hamming_list[-1]:
            j += 1
        while hamming_list[k] * 5 <= hamming_list[-1]:
            k += 1
        hamming_list.append(
            min(hamming_list[i] * 2, hamming_list[j] * 3, hamming_list[k] * 5)
        )
        index += 1
    return hamming_list


# origin: TheAlgorithms/Python/maths/special_numbers/krishnamurthy_number.py (factorial_km, renamed from factorial)
def factorial_km(digit: int) -> int:

    return 1 if digit in (0, 1) else (digit * factorial_km(digit - 1))


# origin: TheAlgorithms/Python/maths/special_numbers/krishnamurthy_number.py
@public((145,), (240,), (1,), category='number theory')
def krishnamurthy(number: int) -> bool:

    fact_sum = 0
    duplicate = number
    while duplicate > 0:
        duplicate, digit = divmod(duplicate, 10)
        fact_sum += factorial_km(digit)
    return fact_sum == number


# origin: TheAlgorithms/Python/maths/special_numbers/polygonal_numbers.py
@public((0, 3), (3, 3), (5, 4), category='sequences')
def polygonal_num(num: int, sides: int) -> int:
    if num < 0 or sides < 3:
        raise ValueError("Invalid input: num must be >= 0 and sides must be >= 3.")

    return ((sides - 2) * num**2 - (sides - 4) * num) // 2


# origin: TheAlgorithms/Python/maths/special_numbers/triangular_numbers.py
@public((1,), (3,), (0,), category='sequences')
def triangular_number(position: int) -> int:
    if position < 0:
        raise ValueError("param `position` must be non-negative")

    return position * (position + 1) // 2


# origin: TheAlgorithms/Python/maths/special_numbers/ugly_numbers.py
@public((1,), (10,), (15,), category='sequences')
def ugly_numbers(n: int) -> int:
    ugly_nums = [1]

    i2, i3, i5 = 0, 0, 0
    next_2 = ugly_nums[i2] * 2
    next_3 = ugly_nums[i3] * 3
    next_5 = ugly_nums[i5] * 5

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


# origin: TheAlgorithms/Python/maths/special_numbers/weird_number.py
def factors(number: int) -> list[int]:

    values = [1]
    for i in range(2, int(jnp.sqrt(number)) + 1, 1):
        if number % i == 0:
            values.append(i)
            if int(number // i) != i:
                values.append(int(number // i))
    return sorted(values)


# origin: TheAlgorithms/Python/maths/special_numbers/weird_number.py
def abundant(n: int) -> bool:
    return sum(factors(n)) > n


# origin: TheAlgorithms/Python/maths/special_numbers/weird_number.py
def semi_perfect(number: int) -> bool:
    values = factors(number)
    r = len(values)
    subset = [[0 for i in range(number + 1)] for j in range(r + 1)]
    for i in range(r + 1):
        subset[i][0] = True

    for i in range(1, number + 1):
        subset[0][i] = False

    for i in range(1, r + 1):
        for j in range(1, number + 1):
            if j < values[i - 1]:
                subset[i][j] = subset[i - 1][j]
            else:
                subset[i][j] = subset[i - 1][j] or subset[i - 1][j - values[i - 1]]

    return subset[r][number] != 0


# origin: TheAlgorithms/Python/maths/special_numbers/weird_number.py
@public((70,), (12,), category='number theory')
def weird(number: int) -> bool:
    return abundant(number) and not semi_perfect(number)


# origin: TheAlgorithms/Python/maths/series/geometric_series.py
@public((4, 2, 2), (4.0, 2.0, 2.0), category='sequences')
def geometric_series(
    nth_term: float,
    start_term_a: float,
    common_ratio_r: float,
) -> list[float]:
    if not all((nth_term, start_term_a, common_ratio_r)):
        return []
    series: list[float] = []
    power = 1
    multiple = common_ratio_r
    for _ in range(int(nth_term)):
        if not series:
            series.append(start_term_a)
        else:
            power += 1
            series.append(float(start_term_a * multiple))
            multiple = pow(float(common_ratio_r), power)
    return series


# origin: TheAlgorithms/Python/maths/numerical_analysis/bisection.py
@public((lambda x: x ** 3 - 0.2, 0.0, 1.0), (lambda x: x - 0.25, -1.0, 1.0), category='numerical methods')
def bisection(function: Callable[[float], float], a: float, b: float) -> float:
    start: float = a
    end: float = b
    if function(a) == 0:  # one of the a or b is a root for the function
        return a
    elif function(b) == 0:
        return b
    elif (
        function(a) * function(b) > 0
    ):  # if none of these are root and they are both positive or negative,
        # then this algorithm can't find the root
        raise ValueError("could not find root in given interval.")
    else:
        mid: float = start + (end - start) / 2.0
        while abs(start - mid) > 10**-7:  # until precisely equals to 10^-7
            if function(mid) == 0:
                return mid
            elif function(mid) * function(start) < 0:
                end = mid
            else:
                start = mid
            mid = start + (end - start) / 2.0
        return mid


# origin: TheAlgorithms/Python/maths/numerical_analysis/bisection_2.py
def equation(x: float) -> float:
    return 10 - x * x


# origin: TheAlgorithms/Python/maths/numerical_analysis/bisection_2.py (bisection_2, renamed from bisection)
@public((-2.0, 5.0), (0.0, 6.0), category='numerical methods')
def bisection_2(a: float, b: float) -> float:
    # Bolzano theory in order to find if there is a root between a and b
    if equation(a) * equation(b) >= 0:
        raise ValueError("Wrong space!")

    c = a
    while (b - a) >= 0.01:
        # Find middle point
        c = (a + b) / 2
        # Check if middle point is root
        if equation(c) == 0.0:
            break
        # Decide the side to repeat the steps
        if equation(c) * equation(a) < 0:
            b = c
        else:
            a = c
    return c


# origin: TheAlgorithms/Python/maths/numerical_analysis/intersection.py (f_intersection, renamed from f)
def f_intersection(x: float) -> float:
    return jnp.power(x, 3) - (2 * x) - 5


# origin: TheAlgorithms/Python/maths/numerical_analysis/intersection.py
@public((f_intersection, 3.0, 3.5), (f_intersection, 4.0, 5.0), category='numerical methods')
def intersection(function: Callable[[float], float], x0: float, x1: float) -> float:
    x_n: float = x0
    x_n1: float = x1
    while True:
        if x_n == x_n1 or function(x_n1) == function(x_n):
            raise ZeroDivisionError("float division by zero, could not find root")
        x_n2: float = x_n1 - (
            function(x_n1) / ((function(x_n1) - function(x_n)) / (x_n1 - x_n))
        )
        if abs(x_n2 - x_n1) < 10**-5:
            return x_n2
        x_n = x_n1
        x_n1 = x_n2


# origin: TheAlgorithms/Python/maths/numerical_analysis/newton_raphson.py
def calc_derivative(f: RealFunc, x: float, delta_x: float = 1e-3) -> float:
    return (f(x + delta_x / 2) - f(x - delta_x / 2)) / delta_x


# origin: TheAlgorithms/Python/maths/numerical_analysis/newton_raphson.py
@public((lambda x: x ** 2 - 5 * x + 2, 0.4), (lambda x: x ** 2 - 2.0, 1.0), category='numerical methods')
def newton_raphson(
    f: RealFunc,
    x0: float = 0,
    max_iter: int = 100,
    step: float = 1e-6,
    max_error: float = 1e-6,
    log_steps: bool = False,
) -> tuple[float, float, list[float]]:

    def f_derivative(x: float) -> float:
        return calc_derivative(f, x, step)

    a = x0  # Set initial guess
    steps = []
    for _ in range(max_iter):
        if log_steps:  # Log intermediate steps
            steps.append(a)

        error = abs(f(a))
        if error < max_error:
            return a, error, steps

        if f_derivative(a) == 0:
            raise ZeroDivisionError("No converging solution found, zero derivative")
        a -= f(a) / f_derivative(a)  # Calculate next estimate
    raise ArithmeticError("No converging solution found, iteration limit reached")


# origin: TheAlgorithms/Python/maths/numerical_analysis/secant_method.py (f_secant, renamed from f)
def f_secant(x: float) -> float:
    return 8 * x - 2 * jnp.exp(-x)


# origin: TheAlgorithms/Python/maths/numerical_analysis/secant_method.py
@public((1.0, 3.0, 2), (1.0, 3.0, 5), category='numerical methods')
def secant_method(lower_bound: float, upper_bound: float, repeats: int) -> float:
    x0 = lower_bound
    x1 = upper_bound
    for _ in range(repeats):
        x0, x1 = x1, x1 - (f_secant(x1) * (x1 - x0)) / (f_secant(x1) - f_secant(x0))
    return x1


# origin: TheAlgorithms/Python/maths/numerical_analysis/simpson_rule.py (make_points_simpson, renamed from make_points)
def make_points_simpson(a, b, h):
    x = a + h
    while x < (b - h):
        yield x
        x = x + h


# origin: TheAlgorithms/Python/maths/numerical_analysis/simpson_rule.py (f_simpson, renamed from f)
def f_simpson(x):  # enter your function here
    y = (x - 0) * (x - 0)
    return y


# origin: TheAlgorithms/Python/maths/numerical_analysis/simpson_rule.py
@public(([0.0, 1.0], 10), ([0.0, 2.0], 4), category='numerical methods')
def method_2(boundary: list[int], steps: int) -> float:
    # "Simpson Rule"
    # int(f_simpson) = delta_x/2 * (b-a)/3*(f1 + 4f2 + 2f_3 + ... + fn)
    if steps <= 0:
        raise ZeroDivisionError("Number of steps must be greater than zero")

    h = (boundary[1] - boundary[0]) / steps
    a = boundary[0]
    b = boundary[1]
    x_i = make_points_simpson(a, b, h)
    y = 0.0
    y += (h / 3.0) * f_simpson(a)
    cnt = 2
    for i in x_i:
        y += (h / 3) * (4 - 2 * (cnt % 2)) * f_simpson(i)
        cnt += 1
    y += (h / 3.0) * f_simpson(b)
    return y


# origin: TheAlgorithms/Python/maths/trapezoidal_rule.py (make_points_trap, renamed from make_points)
def make_points_trap(a, b, h):
    x = a + h
    while x <= (b - h):
        yield x
        x += h


# origin: TheAlgorithms/Python/maths/trapezoidal_rule.py (f_trap, renamed from f)
def f_trap(x):
    return x**2


# origin: TheAlgorithms/Python/maths/trapezoidal_rule.py
@public(([0.0, 1.0], 10), ([0.0, 2.0], 5), category='numerical methods')
def trapezoidal_rule(boundary, steps):
    h = (boundary[1] - boundary[0]) / steps
    a = boundary[0]
    b = boundary[1]
    x_i = make_points_trap(a, b, h)
    y = 0.0
    y += (h / 2.0) * f_trap(a)
    for i in x_i:
        y += h * f_trap(i)
    y += (h / 2.0) * f_trap(b)
    return y


# origin: TheAlgorithms/Python/maths/numerical_analysis/square_root.py
def fx(x: float, a: float) -> float:
    return jnp.power(x, 2) - a


# origin: TheAlgorithms/Python/maths/numerical_analysis/square_root.py
def fx_derivative(x: float) -> float:
    return 2 * x


# origin: TheAlgorithms/Python/maths/numerical_analysis/square_root.py
def get_initial_point(a: float) -> float:
    start = 2.0

    while start <= a:
        start = jnp.power(start, 2)

    return start


# origin: TheAlgorithms/Python/maths/numerical_analysis/square_root.py
@public((4.0, 100), (3.2, 100), (0.5, 100), category='numerical methods')
def square_root_iterative(
    a: float, max_iter: int = 9999, tolerance: float = 1e-14
) -> float:

    if a < 0:
        raise ValueError("math domain error")

    value = get_initial_point(a)

    for _ in range(max_iter):
        prev_value = value
        value = value - fx(value, a) / fx_derivative(value)
        if abs(prev_value - value) < tolerance:
            return value

    return value


# origin: TheAlgorithms/Python/maths/numerical_analysis/nevilles_method.py
@public(([1, 2, 3, 4, 6], [6, 7, 8, 9, 11], 5), ([1, 2, 3, 4, 6], [6, 7, 8, 9, 11], 99), category='numerical methods')
def neville_interpolate(x_points: list, y_points: list, x0: int) -> list:
    n = len(x_points)
    q = [[0] * n for i in range(n)]
    for i in range(n):
        q[i][1] = y_points[i]

    for i in range(2, n):
        for j in range(i, n):
            q[j][i] = (
                (x0 - x_points[j - i + 1]) * q[j][i - 1]
                - (x0 - x_points[j]) * q[j - 1][i - 1]
            ) / (x_points[j] - x_points[j - i + 1])

    return [q[n - 1][n - 1], q]


# origin: TheAlgorithms/Python/bit_manipulation/count_number_of_one_bits.py
@public((25,), (37,), (0,), category='bit manipulation')
def get_set_bits_count_using_brian_kernighans_algorithm(number: int) -> int:
    if number < 0:
        raise ValueError("the value of input must not be negative")
    result = 0
    while number:
        number &= number - 1
        result += 1
    return result


# origin: TheAlgorithms/Python/bit_manipulation/count_number_of_one_bits.py
@public((25,), (58,), (0,), category='bit manipulation')
def get_set_bits_count_using_modulo_operator(number: int) -> int:
    if number < 0:
        raise ValueError("the value of input must not be negative")
    result = 0
    while number:
        if number % 2 == 1:
            result += 1
        number >>= 1
    return result


# origin: TheAlgorithms/Python/bit_manipulation/is_even.py
@public((1,), (4,), category='bit manipulation')
def is_even(number: int) -> bool:
    return number & 1 == 0


# origin: TheAlgorithms/Python/bit_manipulation/is_power_of_two.py
@public((0,), (1,), (6,), (8,), category='bit manipulation')
def is_power_of_two(number: int) -> bool:
    if number < 0:
        raise ValueError("number must not be negative")
    return number & (number - 1) == 0


# origin: TheAlgorithms/Python/bit_manipulation/missing_number.py
@public(([0, 1, 3, 4],), ([4, 3, 1, 0],), ([-4, -3, -1, 0],), category='bit manipulation')
def find_missing_number(nums: list[int]) -> int:
    low = min(nums)
    high = max(nums)
    missing_number = high

    for i in range(low, high):
        missing_number ^= i ^ nums[i - low]

    return missing_number


# origin: TheAlgorithms/Python/bit_manipulation/numbers_different_signs.py
@public((1, -1), (1, 1), category='bit manipulation')
def different_signs(num1: int, num2: int) -> bool:
    return num1 ^ num2 < 0


# origin: TheAlgorithms/Python/bit_manipulation/single_bit_manipulation_operations.py
@public((10, 0), (10, 1), category='bit manipulation')
def get_bit(number: int, position: int) -> int:
    return int((number & (1 << position)) != 0)


# origin: TheAlgorithms/Python/bit_manipulation/single_bit_manipulation_operations.py
@public((10, 1), (10, 2), category='bit manipulation')
def is_bit_set(number: int, position: int) -> bool:
    return ((number >> position) & 1) == 1


# origin: TheAlgorithms/Python/bit_manipulation/largest_pow_of_two_le_num.py
@public((0,), (1,), (15,), (178,), category='bit manipulation')
def largest_pow_of_two_le_num(number: int) -> int:
    if isinstance(number, float):
        raise TypeError("Input value must be a 'int' type")
    if number <= 0:
        return 0
    res = 1
    while (res << 1) <= number:
        res <<= 1
    return res


# origin: TheAlgorithms/Python/bit_manipulation/binary_count_trailing_zeros.py
@public((25,), (36,), (16,), (0,), category='bit manipulation')
def binary_count_trailing_zeros(a: int) -> int:
    if a < 0:
        raise ValueError("Input value must be a positive integer")
    elif isinstance(a, float):
        raise TypeError("Input value must be a 'int' type")
    return 0 if (a == 0) else int(jnp.log2(a & -a))


# origin: TheAlgorithms/Python/bit_manipulation/highest_set_bit.py
@public((25,), (1,), (0,), category='bit manipulation')
def get_highest_set_bit_position(number: int) -> int:
    if not isinstance(number, int):
        raise TypeError("Input value must be an 'int' type")

    position = 0
    while number:
        position += 1
        number >>= 1

    return position


# origin: TheAlgorithms/Python/dynamic_programming/combination_sum_iv.py
@public((3, [1, 2, 5], 5), (2, [1, 3], 4), category='dynamic programming')
def combination_sum_iv_bottom_up(n: int, array: list[int], target: int) -> int:

    dp_array = [0] * (target + 1)
    dp_array[0] = 1

    for i in range(1, target + 1):
        for j in range(n):
            if i - array[j] >= 0:
                dp_array[i] += dp_array[i - array[j]]

    return dp_array[target]


# origin: TheAlgorithms/Python/dynamic_programming/combination_sum_iv.py
@public(([1, 2, 5], 5), category='dynamic programming')
def combination_sum_iv(array: list[int], target: int) -> int:

    def count_of_possible_combinations(target: int) -> int:
        if target < 0:
            return 0
        if target == 0:
            return 1
        return sum(count_of_possible_combinations(target - item) for item in array)

    return count_of_possible_combinations(target)


# origin: TheAlgorithms/Python/dynamic_programming/factorial.py (factorial_dp, renamed from factorial)
@public((0,), (5,), category='dynamic programming')
def factorial_dp(num: int) -> int:
    if num < 0:
        raise ValueError("Number should not be negative.")

    return 1 if num in (0, 1) else num * factorial_dp(num - 1)


# origin: TheAlgorithms/Python/dynamic_programming/fast_fibonacci.py
def _fib(n: int) -> tuple[int, int]:
    if n == 0:  # (F(0), F(1))
        return (0, 1)

    # F(2n) = F(n)[2F(n+1) - F(n)]
    # F(2n+1) = F(n+1)^2+F(n)^2
    a, b = _fib(n // 2)
    c = a * (b * 2 - a)
    d = a * a + b * b
    return (d, c + d) if n % 2 else (c, d)


# origin: TheAlgorithms/Python/dynamic_programming/fast_fibonacci.py (fibonacci_fast, renamed from fibonacci)
@public((0,), (10,), (20,), category='dynamic programming')
def fibonacci_fast(n: int) -> int:
    if n < 0:
        raise ValueError("Negative arguments are not supported")
    return _fib(n)[0]


# origin: TheAlgorithms/Python/dynamic_programming/integer_partition.py (integer_partition, renamed from partition)
@public((5,), (7,), category='dynamic programming')
def integer_partition(m: int) -> int:
    memo: list[list[int]] = [[0 for _ in range(m)] for _ in range(m + 1)]
    for i in range(m + 1):
        memo[i][0] = 1

    for n in range(m + 1):
        for k in range(1, m):
            memo[n][k] += memo[n][k - 1]
            if n - k > 0:
                memo[n][k] += memo[n - k - 1][k]

    return memo[m][m - 1]


# origin: TheAlgorithms/Python/dynamic_programming/knapsack.py
@public((6, [4, 3, 2, 3], [3, 2, 4, 4], 4), category='dynamic programming')
def knapsack(w, wt, val, n):
    dp = [[0] * (w + 1) for _ in range(n + 1)]

    for i in range(1, n + 1):
        for w_ in range(1, w + 1):
            if wt[i - 1] <= w_:
                dp[i][w_] = max(val[i - 1] + dp[i - 1][w_ - wt[i - 1]], dp[i - 1][w_])
            else:
                dp[i][w_] = dp[i - 1][w_]

    return dp[n][w_], dp


# origin: TheAlgorithms/Python/dynamic_programming/largest_divisible_subset.py
@public(([1, 16, 7, 8, 4],), ([1, 2, 3],), category='dynamic programming')
def largest_divisible_subset(items: list[int]) -> list[int]:
    # Sort the array in ascending order as the sequence does not matter we only have to
    # pick up a subset.
    items = sorted(items)

    number_of_items = len(items)

    # Initialize memo with 1s and hash with increasing numbers
    memo = [1] * number_of_items
    hash_array = list(range(number_of_items))

    # Iterate through the array
    for i, item in enumerate(items):
        for prev_index in range(i):
            if ((items[prev_index] != 0 and item % items[prev_index]) == 0) and (
                (1 + memo[prev_index]) > memo[i]
            ):
                memo[i] = 1 + memo[prev_index]
                hash_array[i] = prev_index

    ans = -1
    last_index = -1

    # Find the maximum length and its corresponding index
    for i, memo_item in enumerate(memo):
        if memo_item > ans:
            ans = memo_item
            last_index = i

    # Reconstruct the divisible subset
    if last_index == -1:
        return []
    result = [items[last_index]]
    while hash_array[last_index] != last_index:
        last_index = hash_array[last_index]
        result.append(items[last_index])

    return result


# origin: TheAlgorithms/Python/dynamic_programming/longest_increasing_subsequence_o_nlogn.py
def ceil_index(v, left, right, key):
    while right - left > 1:
        middle = (left + right) // 2
        if v[middle] >= key:
            right = middle
        else:
            left = middle
    return right


# origin: TheAlgorithms/Python/dynamic_programming/longest_increasing_subsequence_o_nlogn.py
@public(([2, 5, 3, 7, 11, 8, 10, 13, 6],), ([5, 4, 3, 2, 1],), category='dynamic programming')
def longest_increasing_subsequence_length(v: list[int]) -> int:
    if len(v) == 0:
        return 0

    tail = [0] * len(v)
    length = 1

    tail[0] = v[0]

    for i in range(1, len(v)):
        if v[i] < tail[0]:
            tail[0] = v[i]
        elif v[i] > tail[length - 1]:
            tail[length] = v[i]
            length += 1
        else:
            tail[ceil_index(tail, -1, length - 1, v[i])] = v[i]

    return length


# origin: TheAlgorithms/Python/dynamic_programming/matrix_chain_multiplication.py
@public(([1, 2, 3, 4, 3],), ([10],), category='dynamic programming')
def matrix_chain_multiply(arr: list[int]) -> int:
    if len(arr) < 2:
        return 0
    # initialising 2D dp matrix
    n = len(arr)
    dp = [[maxsize for j in range(n)] for i in range(n)]
    # we want minimum cost of multiplication of matrices
    # of dimension (i*k) and (k*j). This cost is arr[i-1]*arr[k]*arr[j].
    for i in range(n - 1, 0, -1):
        for j in range(i, n):
            if i == j:
                dp[i][j] = 0
                continue
            for k in range(i, j):
                dp[i][j] = min(
                    dp[i][j], dp[i][k] + dp[k + 1][j] + arr[i - 1] * arr[k] * arr[j]
                )

    return dp[1][n - 1]


# origin: TheAlgorithms/Python/dynamic_programming/minimum_coin_change.py
@public(([1, 2, 3], 4), ([2, 5, 3, 6], 10), ([1], 0), category='dynamic programming')
def dp_count(s, n):
    if n < 0:
        return 0
    # table[i] represents the number of ways to get to amount i
    table = [0] * (n + 1)

    # There is exactly 1 way to get to zero(You pick no coins).
    table[0] = 1

    # Pick all coins one by one and update table[] values
    # after the index greater than or equal to the value of the
    # picked coin
    for coin_val in s:
        for j in range(coin_val, n + 1):
            table[j] += table[j - coin_val]

    return table[n]


# origin: TheAlgorithms/Python/dynamic_programming/minimum_cost_path.py
@public(([[2, 1], [3, 1], [4, 2]],), ([[2, 1, 4], [2, 1, 3], [3, 2, 1]],), category='dynamic programming')
def minimum_cost_path(matrix: list[list[int]]) -> int:

    # preprocessing the first row
    for i in range(1, len(matrix[0])):
        matrix[0][i] += matrix[0][i - 1]

    # preprocessing the first column
    for i in range(1, len(matrix)):
        matrix[i][0] += matrix[i - 1][0]

    # updating the path cost for current position
    for i in range(1, len(matrix)):
        for j in range(1, len(matrix[0])):
            matrix[i][j] += min(matrix[i - 1][j], matrix[i][j - 1])

    return matrix[-1][-1]


# origin: TheAlgorithms/Python/dynamic_programming/minimum_squares_to_represent_a_number.py
@public((25,), (37,), (0,), category='dynamic programming')
def minimum_squares_to_represent_a_number(number: int) -> int:
    if number != int(number):
        raise ValueError("the value of input must be a natural number")
    if number < 0:
        raise ValueError("the value of input must not be a negative number")
    if number == 0:
        return 1
    answers = [-1] * (number + 1)
    answers[0] = 0
    for i in range(1, number + 1):
        answer = sys.maxsize
        root = int(jnp.sqrt(i))
        for j in range(1, root + 1):
            current_answer = 1 + answers[i - (j**2)]
            answer = min(answer, current_answer)
        answers[i] = answer
    return answers[number]


# origin: TheAlgorithms/Python/dynamic_programming/minimum_partition.py
@public(([1, 2, 3, 4, 5],), ([5, 5, 5, 5, 5],), category='dynamic programming')
def find_min(numbers: list[int]) -> int:
    n = len(numbers)
    s = sum(numbers)

    dp = [[False for x in range(s + 1)] for y in range(n + 1)]

    for i in range(n + 1):
        dp[i][0] = True

    for i in range(1, s + 1):
        dp[0][i] = False

    for i in range(1, n + 1):
        for j in range(1, s + 1):
            dp[i][j] = dp[i - 1][j]

            if numbers[i - 1] <= j:
                dp[i][j] = dp[i][j] or dp[i - 1][j - numbers[i - 1]]

    for j in range(int(s / 2), -1, -1):
        if dp[n][j] is True:
            diff = s - 2 * j
            break

    return diff


# origin: TheAlgorithms/Python/dynamic_programming/sum_of_subset.py
@public(([2, 4, 6, 8], 5), ([2, 4, 6, 8], 14), category='dynamic programming')
def is_sum_subset(arr: list[int], required_sum: int) -> bool:
    # a subset value says 1 if that subset sum can be formed else 0
    # initially no subsets can be formed hence False/0
    arr_len = len(arr)
    subset = [[False] * (required_sum + 1) for _ in range(arr_len + 1)]

    # for each arr value, a sum of zero(0) can be formed by not taking any element
    # hence True/1
    for i in range(arr_len + 1):
        subset[i][0] = True

    # sum is not zero and set is empty then false
    for i in range(1, required_sum + 1):
        subset[0][i] = False

    for i in range(1, arr_len + 1):
        for j in range(1, required_sum + 1):
            if arr[i - 1] > j:
                subset[i][j] = subset[i - 1][j]
            if arr[i - 1] <= j:
                subset[i][j] = subset[i - 1][j] or subset[i - 1][j - arr[i - 1]]

    return subset[arr_len][required_sum]


# origin: TheAlgorithms/Python/dynamic_programming/tribonacci.py
@public((8,), (3,), category='dynamic programming')
def tribonacci(num: int) -> list[int]:
    dp = [0] * num
    dp[2] = 1

    for i in range(3, num):
        dp[i] = dp[i - 1] + dp[i - 2] + dp[i - 3]

    return dp


# origin: TheAlgorithms/Python/dynamic_programming/range_sum_query.py
@public(([1, 4, 6, 2, 61, 12], [[2, 5], [1, 5], [3, 4]]), category='dynamic programming')
def prefix_sum(array: list[int], queries: list[tuple[int, int]]) -> list[int]:
    # The prefix sum array
    dp = [0] * len(array)
    dp[0] = array[0]
    for i in range(1, len(array)):
        dp[i] = dp[i - 1] + array[i]

    # See Algorithm section (Line 44)
    result = []
    for query in queries:
        left, right = query
        res = dp[right]
        if left > 0:
            res -= dp[left - 1]
        result.append(res)

    return result


# origin: TheAlgorithms/Python/dynamic_programming/minimum_steps_to_one.py
@public((10,), (15,), (1,), category='dynamic programming')
def min_steps_to_one(number: int) -> int:

    if number <= 0:
        msg = f"n must be greater than 0. Got n = {number}"
        raise ValueError(msg)

    table = [number + 1] * (number + 1)

    # starting position
    table[1] = 0
    for i in range(1, number):
        table[i + 1] = min(table[i + 1], table[i] + 1)
        # check if out of bounds
        if i * 2 <= number:
            table[i * 2] = min(table[i * 2], table[i] + 1)
        # check if out of bounds
        if i * 3 <= number:
            table[i * 3] = min(table[i * 3], table[i] + 1)
    return table[number]


# origin: TheAlgorithms/Python/dynamic_programming/rod_cutting.py
def _enforce_args(n: int, prices: list):
    if n < 0:
        msg = f"n must be greater than or equal to 0. Got n = {n}"
        raise ValueError(msg)

    if n > len(prices):
        msg = (
            "Each integral piece of rod must have a corresponding price. "
            f"Got n = {n} but length of prices = {len(prices)}"
        )
        raise ValueError(msg)


# origin: TheAlgorithms/Python/dynamic_programming/rod_cutting.py
@public((4, [1, 5, 8, 9]), (6, [6, 10, 12, 15, 20, 23]), category='dynamic programming')
def bottom_up_cut_rod(n: int, prices: list):
    _enforce_args(n, prices)

    # length(max_rev) = n + 1, to accommodate for the revenue obtainable from a rod of
    # length 0.
    max_rev = [float("-inf") for _ in range(n + 1)]
    max_rev[0] = 0

    for i in range(1, n + 1):
        max_revenue_i = max_rev[i]
        for j in range(1, i + 1):
            max_revenue_i = max(max_revenue_i, prices[j - 1] + max_rev[i - j])

        max_rev[i] = max_revenue_i

    return max_rev[n]


# origin: TheAlgorithms/Python/dynamic_programming/climbing_stairs.py
@public((1,), (5,), category='dynamic programming')
def climb_stairs(number_of_steps: int) -> int:
    assert isinstance(number_of_steps, int) and number_of_steps > 0, (
        f"number_of_steps needs to be positive integer, your input {number_of_steps}"
    )
    if number_of_steps == 1:
        return 1
    previous, current = 1, 1
    for _ in range(number_of_steps - 1):
        current, previous = current + previous, current
    return current


# origin: TheAlgorithms/Python/searches/binary_search.py
@public(([0, 5, 7, 10, 15], 6), ([0, 5, 7, 10, 15], 20), category='searching')
def bisect_left(
    sorted_collection: list[int], item: int, lo: int = 0, hi: int = -1
) -> int:
    if hi < 0:
        hi = len(sorted_collection)

    while lo < hi:
        mid = lo + (hi - lo) // 2
        if sorted_collection[mid] < item:
            lo = mid + 1
        else:
            hi = mid

    return lo


# origin: TheAlgorithms/Python/searches/binary_search.py
@public(([0, 5, 7, 10, 15], 5), ([0, 5, 7, 10, 15], 20), category='searching')
def bisect_right(
    sorted_collection: list[int], item: int, lo: int = 0, hi: int = -1
) -> int:
    if hi < 0:
        hi = len(sorted_collection)

    while lo < hi:
        mid = lo + (hi - lo) // 2
        if sorted_collection[mid] <= item:
            lo = mid + 1
        else:
            hi = mid

    return lo


# origin: TheAlgorithms/Python/searches/binary_search.py (binary_search_ta, renamed from binary_search)
@public(([0, 5, 7, 10, 15], 0), ([0, 5, 7, 10, 15], 15), ([0, 5, 7, 10, 15], 6), category='searching')
def binary_search_ta(sorted_collection: list[int], item: int) -> int:
    if any(a > b for a, b in pairwise(sorted_collection)):
        raise ValueError("sorted_collection must be sorted in ascending order")
    left = 0
    right = len(sorted_collection) - 1

    while left <= right:
        midpoint = left + (right - left) // 2
        current_item = sorted_collection[midpoint]
        if current_item == item:
            return midpoint
        elif item < current_item:
            right = midpoint - 1
        else:
            left = midpoint + 1
    return -1


# origin: TheAlgorithms/Python/searches/double_linear_search.py
@public(([1, 5, 5, 10], 1), ([1, 5, 5, 10], 10), ([1, 5, 5, 10], 100), category='searching')
def double_linear_search(array: list[int], search_item: int) -> int:
    # define the start and end index of the given array
    start_ind, end_ind = 0, len(array) - 1
    while start_ind <= end_ind:
        if array[start_ind] == search_item:
            return start_ind
        elif array[end_ind] == search_item:
            return end_ind
        else:
            start_ind += 1
            end_ind -= 1
    # returns -1 if search_item is not found in array
    return -1


# origin: TheAlgorithms/Python/searches/double_linear_search_recursion.py (double_linear_search_recursive, renamed from search)
@public((list(range(11)), 5), ([1, 2, 3], 4), category='searching')
def double_linear_search_recursive(list_data: list, key: int, left: int = 0, right: int = 0) -> int:
    right = right or len(list_data) - 1
    if left > right:
        return -1
    elif list_data[left] == key:
        return left
    elif list_data[right] == key:
        return right
    else:
        return double_linear_search_recursive(list_data, key, left + 1, right - 1)


# origin: TheAlgorithms/Python/searches/exponential_search.py
def binary_search_by_recursion(
    sorted_collection: list[int], item: int, left: int = 0, right: int = -1
) -> int:
    if right < 0:
        right = len(sorted_collection) - 1
    if list(sorted_collection) != sorted(sorted_collection):
        raise ValueError("sorted_collection must be sorted in ascending order")
    if right < left:
        return -1

    midpoint = left + (right - left) // 2

    if sorted_collection[midpoint] == item:
        return midpoint
    elif sorted_collection[midpoint] > item:
        return binary_search_by_recursion(sorted_collection, item, left, midpoint - 1)
    else:
        return binary_search_by_recursion(sorted_collection, item, midpoint + 1, right)


# origin: TheAlgorithms/Python/searches/exponential_search.py (exponential_search_ta, renamed from exponential_search)
@public(([0, 5, 7, 10, 15], 5), ([0, 5, 7, 10, 15], 6), category='searching')
def exponential_search_ta(sorted_collection: list[int], item: int) -> int:
    if list(sorted_collection) != sorted(sorted_collection):
        raise ValueError("sorted_collection must be sorted in ascending order")

    if sorted_collection[0] == item:
        return 0

    bound = 1
    while bound < len(sorted_collection) and sorted_collection[bound] < item:
        bound *= 2

    left = bound // 2
    right = min(bound, len(sorted_collection) - 1)
    return binary_search_by_recursion(sorted_collection, item, left, right)


# origin: TheAlgorithms/Python/searches/interpolation_search.py (interpolation_search_ta, renamed from interpolation_search)
@public(([1, 2, 3, 4, 5], 2), ([1, 2, 3, 4, 5], 6), ([10, 30, 40, 45, 50, 66, 77, 93], 45), category='searching')
def interpolation_search_ta(sorted_collection: list[int], item: int) -> int | None:
    left = 0
    right = len(sorted_collection) - 1

    while left <= right:
        # avoid divided by 0 during interpolation
        if sorted_collection[left] == sorted_collection[right]:
            if sorted_collection[left] == item:
                return left
            return None

        point = left + ((item - sorted_collection[left]) * (right - left)) // (
            sorted_collection[right] - sorted_collection[left]
        )

        # out of range check
        if point < 0 or point >= len(sorted_collection):
            return None

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
    return None


# origin: TheAlgorithms/Python/searches/linear_search.py (linear_search_ta, renamed from linear_search)
@public(([0, 5, 7, 10, 15], 15), ([0, 5, 7, 10, 15], 6), category='searching')
def linear_search_ta(sequence: list, target: int) -> int:
    for index, item in enumerate(sequence):
        if item == target:
            return index
    return -1


# origin: TheAlgorithms/Python/searches/linear_search.py
@public(([0, 30, 500, 100, 700], 0, 4, 0), ([0, 30, 500, 100, 700], 0, 4, 6), category='searching')
def rec_linear_search(sequence: list, low: int, high: int, target: int) -> int:
    if not (0 <= high < len(sequence) and 0 <= low < len(sequence)):
        raise Exception("Invalid upper or lower bound!")
    if high < low:
        return -1
    if sequence[low] == target:
        return low
    if sequence[high] == target:
        return high
    return rec_linear_search(sequence, low + 1, high - 1, target)


# origin: TheAlgorithms/Python/searches/ternary_search.py
precision = 10

# origin: TheAlgorithms/Python/searches/ternary_search.py
def lin_search(left: int, right: int, array: list[int], target: int) -> int:
    for i in range(left, right):
        if array[i] == target:
            return i
    return -1


# origin: TheAlgorithms/Python/searches/ternary_search.py
@public((list(range(20)), 3), (list(range(20)), 25), category='searching')
def ite_ternary_search(array: list[int], target: int) -> int:

    left = 0
    right = len(array)
    while left <= right:
        if right - left < precision:
            return lin_search(left, right, array, target)

        one_third = (left + right) // 3 + 1
        two_third = 2 * (left + right) // 3 + 1

        if array[one_third] == target:
            return one_third
        elif array[two_third] == target:
            return two_third

        elif target < array[one_third]:
            right = one_third - 1
        elif array[two_third] < target:
            left = two_third + 1

        else:
            left = one_third + 1
            right = two_third - 1
    return -1


# origin: TheAlgorithms/Python/searches/ternary_search.py
@public((0, 19, list(range(20)), 13), (0, 19, list(range(20)), 40), category='searching')
def rec_ternary_search(left: int, right: int, array: list[int], target: int) -> int:
    if left < right:
        if right - left < precision:
            return lin_search(left, right, array, target)
        one_third = (left + right) // 3 + 1
        two_third = 2 * (left + right) // 3 + 1

        if array[one_third] == target:
            return one_third
        elif array[two_third] == target:
            return two_third

        elif target < array[one_third]:
            return rec_ternary_search(left, one_third - 1, array, target)
        elif array[two_third] < target:
            return rec_ternary_search(two_third + 1, right, array, target)
        else:
            return rec_ternary_search(one_third + 1, two_third - 1, array, target)
    else:
        return -1


# origin: TheAlgorithms/Python/searches/median_of_medians.py
def median_of_five(arr: list) -> int:
    arr = sorted(arr)
    return arr[len(arr) // 2]


# origin: TheAlgorithms/Python/searches/median_of_medians.py
def median_of_medians(arr: list) -> int:

    if len(arr) <= 5:
        return median_of_five(arr)
    medians = []
    i = 0
    while i < len(arr):
        if (i + 4) <= len(arr):
            medians.append(median_of_five(arr[i:].copy()))
        else:
            medians.append(median_of_five(arr[i : i + 5].copy()))
        i += 5
    return median_of_medians(medians)


# origin: TheAlgorithms/Python/searches/median_of_medians.py (quick_select_mom, renamed from quick_select)
@public(([2, 4, 5, 7, 899, 54, 32], 5), ([5, 4, 3, 2], 2), category='searching')
def quick_select_mom(arr: list, target: int) -> int:

    # Invalid Input
    if target > len(arr):
        return -1

    # x is the estimated pivot by median of medians algorithm
    x = median_of_medians(arr)
    left = []
    right = []
    check = False
    for i in range(len(arr)):
        if arr[i] < x:
            left.append(arr[i])
        elif arr[i] > x:
            right.append(arr[i])
        elif arr[i] == x and not check:
            check = True
        else:
            right.append(arr[i])
    rank_x = len(left) + 1
    if rank_x == target:
        answer = x
    elif rank_x > target:
        answer = quick_select_mom(left, target)
    elif rank_x < target:
        answer = quick_select_mom(right, target - rank_x)
    return answer


# origin: TheAlgorithms/Python/searches/simple_binary_search.py (binary_search_simple, renamed from binary_search)
@public(([0, 1, 2, 8, 13, 17, 19, 32, 42], 3), ([0, 1, 2, 8, 13, 17, 19, 32, 42], 13), category='searching')
def binary_search_simple(a_list: list[int], item: int) -> bool:
    if len(a_list) == 0:
        return False
    midpoint = len(a_list) // 2
    if a_list[midpoint] == item:
        return True
    if item < a_list[midpoint]:
        return binary_search_simple(a_list[:midpoint], item)
    else:
        return binary_search_simple(a_list[midpoint + 1 :], item)


# origin: TheAlgorithms/Python/sorts/binary_insertion_sort.py
@public(([0, 4, 1234, 4, 1],), ([5, 2, -1, 3],), category='sorting')
def binary_insertion_sort(collection: list) -> list:

    n = len(collection)
    for i in range(1, n):
        value_to_insert = collection[i]
        low = 0
        high = i - 1

        while low <= high:
            mid = (low + high) // 2
            if value_to_insert < collection[mid]:
                high = mid - 1
            else:
                low = mid + 1
        for j in range(i, low, -1):
            collection[j] = collection[j - 1]
        collection[low] = value_to_insert
    return collection


# origin: TheAlgorithms/Python/sorts/bubble_sort.py
@public(([0, 5, 2, 3, 2],), ([-2, -45, -5],), category='sorting')
def bubble_sort_iterative(collection: list[Any]) -> list[Any]:
    length = len(collection)
    for i in reversed(range(length)):
        swapped = False
        for j in range(i):
            if collection[j] > collection[j + 1]:
                swapped = True
                collection[j], collection[j + 1] = collection[j + 1], collection[j]
        if not swapped:
            break  # Stop iteration if the collection is sorted.
    return collection


# origin: TheAlgorithms/Python/sorts/bubble_sort.py
@public(([0, 5, 2, 3, 2],), category='sorting')
def bubble_sort_recursive(collection: list[Any]) -> list[Any]:
    length = len(collection)
    swapped = False
    for i in range(length - 1):
        if collection[i] > collection[i + 1]:
            collection[i], collection[i + 1] = collection[i + 1], collection[i]
            swapped = True

    return collection if not swapped else bubble_sort_recursive(collection)


# origin: TheAlgorithms/Python/sorts/bucket_sort.py (bucket_sort_ta, renamed from bucket_sort)
@public(([4, 5, 3, 2, 1],), ([0, 1, -10, 15, 2, -2],), category='sorting')
def bucket_sort_ta(my_list: list, bucket_count: int = 10) -> list:

    if len(my_list) == 0 or bucket_count <= 0:
        return []

    min_value, max_value = min(my_list), max(my_list)
    if min_value == max_value:
        return my_list

    bucket_size = (max_value - min_value) / bucket_count
    buckets: list[list] = [[] for _ in range(bucket_count)]

    for val in my_list:
        index = min(int((val - min_value) / bucket_size), bucket_count - 1)
        buckets[index].append(val)

    return [val for bucket in buckets for val in sorted(bucket)]


# origin: TheAlgorithms/Python/sorts/circle_sort.py
@public(([0, 5, 3, 2, 2],), category='sorting')
def circle_sort(collection: list) -> list:

    if len(collection) < 2:
        return collection

    def circle_sort_util(collection: list, low: int, high: int) -> bool:

        swapped = False

        if low == high:
            return swapped

        left = low
        right = high

        while left < right:
            if collection[left] > collection[right]:
                collection[left], collection[right] = (
                    collection[right],
                    collection[left],
                )
                swapped = True

            left += 1
            right -= 1

        if left == right and collection[left] > collection[right + 1]:
            collection[left], collection[right + 1] = (
                collection[right + 1],
                collection[left],
            )

            swapped = True

        mid = low + int((high - low) / 2)
        left_swap = circle_sort_util(collection, low, mid)
        right_swap = circle_sort_util(collection, mid + 1, high)

        return swapped or left_swap or right_swap

    is_not_sorted = True

    while is_not_sorted is True:
        is_not_sorted = circle_sort_util(collection, 0, len(collection) - 1)

    return collection


# origin: TheAlgorithms/Python/sorts/cocktail_shaker_sort.py (cocktail_shaker_sort_ta, renamed from cocktail_shaker_sort)
@public(([4, 5, 2, 1, 2],), category='sorting')
def cocktail_shaker_sort_ta(arr: list[int]) -> list[int]:
    start, end = 0, len(arr) - 1

    while start < end:
        swapped = False

        # Pass from left to right
        for i in range(start, end):
            if arr[i] > arr[i + 1]:
                arr[i], arr[i + 1] = arr[i + 1], arr[i]
                swapped = True

        if not swapped:
            break

        end -= 1  # Decrease the end pointer after each pass

        # Pass from right to left
        for i in range(end, start, -1):
            if arr[i] < arr[i - 1]:
                arr[i], arr[i - 1] = arr[i - 1], arr[i]
                swapped = True

        if not swapped:
            break

        start += 1  # Increase the start pointer after each pass

    return arr


# origin: TheAlgorithms/Python/sorts/comb_sort.py (comb_sort_ta, renamed from comb_sort)
@public(([0, 5, 3, 2, 2],), ([99, 45, -7, 8, 2, 0, -15, 3],), category='sorting')
def comb_sort_ta(data: list) -> list:
    shrink_factor = 1.3
    gap = len(data)
    completed = False

    while not completed:
        # Update the gap value for a next comb
        gap = int(gap / shrink_factor)
        if gap <= 1:
            completed = True

        index = 0
        while index + gap < len(data):
            if data[index] > data[index + gap]:
                # Swap values
                data[index], data[index + gap] = data[index + gap], data[index]
                completed = False
            index += 1

    return data


# origin: TheAlgorithms/Python/sorts/counting_sort.py (counting_sort_ta, renamed from counting_sort)
@public(([0, 5, 3, 2, 2],), category='sorting')
def counting_sort_ta(collection):
    # if the collection is empty, returns empty
    if collection == []:
        return []

    # get some information about the collection
    coll_len = len(collection)
    coll_max = max(collection)
    coll_min = min(collection)

    # create the counting array
    counting_arr_length = coll_max + 1 - coll_min
    counting_arr = [0] * counting_arr_length

    # count how much a number appears in the collection
    for number in collection:
        counting_arr[number - coll_min] += 1

    # sum each position with it's predecessors. now, counting_arr[i] tells
    # us how many elements <= i has in the collection
    for i in range(1, counting_arr_length):
        counting_arr[i] = counting_arr[i] + counting_arr[i - 1]

    # create the output collection
    ordered = [0] * coll_len

    # place the elements in the output, respecting the original order (stable
    # sort) from end to begin, updating counting_arr
    for i in reversed(range(coll_len)):
        ordered[counting_arr[collection[i] - coll_min] - 1] = collection[i]
        counting_arr[collection[i] - coll_min] -= 1

    return ordered


# origin: TheAlgorithms/Python/sorts/cycle_sort.py (cycle_sort_ta, renamed from cycle_sort)
@public(([4, 3, 2, 1],), ([-4, 20, 0, -50, 100, -1],), category='sorting')
def cycle_sort_ta(array: list) -> list:
    array_len = len(array)
    for cycle_start in range(array_len - 1):
        item = array[cycle_start]

        pos = cycle_start
        for i in range(cycle_start + 1, array_len):
            if array[i] < item:
                pos += 1

        if pos == cycle_start:
            continue

        while item == array[pos]:
            pos += 1

        array[pos], item = item, array[pos]
        while pos != cycle_start:
            pos = cycle_start
            for i in range(cycle_start + 1, array_len):
                if array[i] < item:
                    pos += 1

            while item == array[pos]:
                pos += 1

            array[pos], item = item, array[pos]

    return array


# origin: TheAlgorithms/Python/sorts/cyclic_sort.py
@public(([3, 5, 2, 1, 4],), ([1],), category='sorting')
def cyclic_sort(nums: list[int]) -> list[int]:

    # Perform cyclic sort
    index = 0
    while index < len(nums):
        # Calculate the correct index for the current element
        correct_index = nums[index] - 1
        # If the current element is not at its correct position,
        # swap it with the element at its correct index
        if index != correct_index:
            nums[index], nums[correct_index] = nums[correct_index], nums[index]
        else:
            # If the current element is already in its correct position,
            # move to the next element
            index += 1

    return nums


# origin: TheAlgorithms/Python/sorts/double_sort.py
@public(([-1, -2, -3, -4, -5, -6, -7],), ([3, 10, 15, 6, 1],), category='sorting')
def double_sort(collection: list[Any]) -> list[Any]:
    no_of_elements = len(collection)
    for _ in range(
        int(((no_of_elements - 1) / 2) + 1)
    ):  # we don't need to traverse to end of list as
        for j in range(no_of_elements - 1):
            # apply the bubble sort algorithm from left to right (or forwards)
            if collection[j + 1] < collection[j]:
                collection[j], collection[j + 1] = collection[j + 1], collection[j]
            # apply the bubble sort algorithm from right to left (or backwards)
            if collection[no_of_elements - 1 - j] < collection[no_of_elements - 2 - j]:
                (
                    collection[no_of_elements - 1 - j],
                    collection[no_of_elements - 2 - j],
                ) = (
                    collection[no_of_elements - 2 - j],
                    collection[no_of_elements - 1 - j],
                )
    return collection


# origin: TheAlgorithms/Python/sorts/exchange_sort.py (exchange_sort_ta, renamed from exchange_sort)
@public(([5, 4, 3, 2, 1],), category='sorting')
def exchange_sort_ta(numbers: list[int]) -> list[int]:
    numbers_length = len(numbers)
    for i in range(numbers_length):
        for j in range(i + 1, numbers_length):
            if numbers[j] < numbers[i]:
                numbers[i], numbers[j] = numbers[j], numbers[i]
    return numbers


# origin: TheAlgorithms/Python/sorts/gnome_sort.py (gnome_sort_ta, renamed from gnome_sort)
@public(([0, 5, 3, 2, 2],), category='sorting')
def gnome_sort_ta(lst: list) -> list:
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


# origin: TheAlgorithms/Python/sorts/heap_sort.py (heapify_ta, renamed from heapify)
def heapify_ta(unsorted: list[int], index: int, heap_size: int) -> None:
    largest = index
    left_index = 2 * index + 1
    right_index = 2 * index + 2
    if left_index < heap_size and unsorted[left_index] > unsorted[largest]:
        largest = left_index

    if right_index < heap_size and unsorted[right_index] > unsorted[largest]:
        largest = right_index

    if largest != index:
        unsorted[largest], unsorted[index] = (unsorted[index], unsorted[largest])
        heapify_ta(unsorted, largest, heap_size)


# origin: TheAlgorithms/Python/sorts/heap_sort.py (heap_sort_ta, renamed from heap_sort)
@public(([0, 5, 3, 2, 2],), ([-2, -5, -45],), category='sorting')
def heap_sort_ta(unsorted: list[int]) -> list[int]:
    n = len(unsorted)
    for i in range(n // 2 - 1, -1, -1):
        heapify_ta(unsorted, i, n)
    for i in range(n - 1, 0, -1):
        unsorted[0], unsorted[i] = unsorted[i], unsorted[0]
        heapify_ta(unsorted, 0, i)
    return unsorted


# origin: TheAlgorithms/Python/sorts/intro_sort.py (insertion_sort_intro, renamed from insertion_sort)
@public(([4, 2, 6, 8, 1, 7, 8, 22, 14, 56, 27, 79, 23, 45, 14, 12],), category='sorting')
def insertion_sort_intro(array: list, start: int = 0, end: int = 0) -> list:
    end = end or len(array)
    for i in range(start, end):
        temp_index = i
        temp_index_value = array[i]
        while temp_index != start and temp_index_value < array[temp_index - 1]:
            array[temp_index] = array[temp_index - 1]
            temp_index -= 1
        array[temp_index] = temp_index_value
    return array


# origin: TheAlgorithms/Python/sorts/iterative_merge_sort.py (merge_iter, renamed from merge)
def merge_iter(input_list: list, low: int, mid: int, high: int) -> list:
    result = []
    left, right = input_list[low:mid], input_list[mid : high + 1]
    while left and right:
        result.append((left if left[0] <= right[0] else right).pop(0))
    input_list[low : high + 1] = result + left + right
    return input_list


# origin: TheAlgorithms/Python/sorts/iterative_merge_sort.py
@public(([5, 9, 8, 7, 1, 2, 7],), category='sorting')
def iter_merge_sort(input_list: list) -> list:
    if len(input_list) <= 1:
        return input_list
    input_list = list(input_list)

    # iteration for two-way merging
    p = 2
    while p <= len(input_list):
        # getting low, high and middle value for merge_iter-sort of single list
        for i in range(0, len(input_list), p):
            low = i
            high = i + p - 1
            mid = (low + high + 1) // 2
            input_list = merge_iter(input_list, low, mid, high)
        # final merge_iter of last two parts
        if p * 2 >= len(input_list):
            mid = i
            input_list = merge_iter(input_list, 0, mid, len(input_list) - 1)
            break
        p *= 2

    return input_list


# origin: TheAlgorithms/Python/sorts/odd_even_sort.py
@public(([5, 4, 3, 2, 1],), category='sorting')
def odd_even_sort(input_list: list) -> list:
    is_sorted = False
    while is_sorted is False:  # Until all the indices are traversed keep looping
        is_sorted = True
        for i in range(0, len(input_list) - 1, 2):  # iterating over all even indices
            if input_list[i] > input_list[i + 1]:
                input_list[i], input_list[i + 1] = input_list[i + 1], input_list[i]
                # swapping if elements not in order
                is_sorted = False

        for i in range(1, len(input_list) - 1, 2):  # iterating over all odd indices
            if input_list[i] > input_list[i + 1]:
                input_list[i], input_list[i + 1] = input_list[i + 1], input_list[i]
                # swapping if elements not in order
                is_sorted = False
    return input_list


# origin: TheAlgorithms/Python/sorts/odd_even_transposition_single_threaded.py
@public(([5, 4, 3, 2, 1],), ([13, 11, 18, 0, -1],), category='sorting')
def odd_even_transposition(arr: list) -> list:
    arr_size = len(arr)
    for _ in range(arr_size):
        for i in range(_ % 2, arr_size - 1, 2):
            if arr[i + 1] < arr[i]:
                arr[i], arr[i + 1] = arr[i + 1], arr[i]

    return arr


# origin: TheAlgorithms/Python/sorts/pigeon_sort.py
@public(([0, 5, 3, 2, 2],), ([-1, -5, -3],), category='sorting')
def pigeon_sort(array: list[int]) -> list[int]:
    if len(array) == 0:
        return array

    _min, _max = min(array), max(array)

    # Compute the variables
    holes_range = _max - _min + 1
    holes, holes_repeat = [0] * holes_range, [0] * holes_range

    # Make the sorting.
    for i in array:
        index = i - _min
        holes[index] = i
        holes_repeat[index] += 1

    # Makes the array back by replacing the numbers.
    index = 0
    for i in range(holes_range):
        while holes_repeat[i] > 0:
            array[index] = holes[i]
            index += 1
            holes_repeat[i] -= 1

    # Returns the sorted array.
    return array


# origin: TheAlgorithms/Python/sorts/quick_sort_3_partition.py
@public(([1, 5, 4, 3, 2], 0, 4), category='sorting')
def lomuto_partition(sorting: list, left: int, right: int) -> int:
    pivot = sorting[right]
    store_index = left
    for i in range(left, right):
        if sorting[i] < pivot:
            sorting[store_index], sorting[i] = sorting[i], sorting[store_index]
            store_index += 1
    sorting[right], sorting[store_index] = sorting[store_index], sorting[right]
    return store_index


# origin: TheAlgorithms/Python/sorts/quick_sort_3_partition.py
@public(([5, -1, -1, 5, 5, 24, 0],), category='sorting')
def three_way_radix_quicksort(sorting: list) -> list:
    if len(sorting) <= 1:
        return sorting
    return (
        three_way_radix_quicksort([i for i in sorting if i < sorting[0]])
        + [i for i in sorting if i == sorting[0]]
        + three_way_radix_quicksort([i for i in sorting if i > sorting[0]])
    )


# origin: TheAlgorithms/Python/sorts/radix_sort.py
RADIX = 10

# origin: TheAlgorithms/Python/sorts/radix_sort.py (radix_sort_ta, renamed from radix_sort)
@public(([0, 5, 3, 2, 2],), ([1, 100, 10, 1000],), category='sorting')
def radix_sort_ta(list_of_ints: list[int]) -> list[int]:
    placement = 1
    max_digit = max(list_of_ints)
    while placement <= max_digit:
        # declare and initialize empty buckets
        buckets: list[list] = [[] for _ in range(RADIX)]
        # split list_of_ints between the buckets
        for i in list_of_ints:
            tmp = int((i / placement) % RADIX)
            buckets[tmp].append(i)
        # put each buckets' contents into list_of_ints
        a = 0
        for b in range(RADIX):
            for i in buckets[b]:
                list_of_ints[a] = i
                a += 1
        # move to next
        placement *= RADIX
    return list_of_ints


# origin: TheAlgorithms/Python/sorts/recursive_mergesort_array.py (merge_sort_recursive_array, renamed from merge)
@public(([-2, 3, -10, 11, 99, 100000, 100, -200],), category='sorting')
def merge_sort_recursive_array(arr: list[int]) -> list[int]:
    if len(arr) > 1:
        middle_length = len(arr) // 2  # Finds the middle of the array
        left_array = arr[
            :middle_length
        ]  # Creates an array of the elements in the first half.
        right_array = arr[
            middle_length:
        ]  # Creates an array of the elements in the second half.
        left_size = len(left_array)
        right_size = len(right_array)
        merge_sort_recursive_array(left_array)  # Starts sorting the left.
        merge_sort_recursive_array(right_array)  # Starts sorting the right
        left_index = 0  # Left Counter
        right_index = 0  # Right Counter
        index = 0  # Position Counter
        while (
            left_index < left_size and right_index < right_size
        ):  # Runs until the lowers size of the left and right are sorted.
            if left_array[left_index] < right_array[right_index]:
                arr[index] = left_array[left_index]
                left_index += 1
            else:
                arr[index] = right_array[right_index]
                right_index += 1
            index += 1
        while (
            left_index < left_size
        ):  # Adds the left over elements in the left half of the array
            arr[index] = left_array[left_index]
            left_index += 1
            index += 1
        while (
            right_index < right_size
        ):  # Adds the left over elements in the right half of the array
            arr[index] = right_array[right_index]
            right_index += 1
            index += 1
    return arr


# origin: TheAlgorithms/Python/sorts/selection_sort.py (selection_sort_ta, renamed from selection_sort)
@public(([0, 5, 3, 2, 2],), category='sorting')
def selection_sort_ta(collection: list[int]) -> list[int]:

    length = len(collection)
    for i in range(length - 1):
        min_index = i
        for k in range(i + 1, length):
            if collection[k] < collection[min_index]:
                min_index = k
        if min_index != i:
            collection[i], collection[min_index] = collection[min_index], collection[i]
    return collection


# origin: TheAlgorithms/Python/sorts/shell_sort.py (shell_sort_ta, renamed from shell_sort)
@public(([0, 5, 3, 2, 2],), category='sorting')
def shell_sort_ta(collection: list[int]) -> list[int]:
    # Marcin Ciura's gap sequence

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


# origin: TheAlgorithms/Python/sorts/shrink_shell_sort.py (shell_sort_shrink, renamed from shell_sort)
@public(([3, 2, 1],), ([5, 7, 1, 9, 3],), category='sorting')
def shell_sort_shrink(collection: list) -> list:

    # Choose an initial gap value
    gap = len(collection)

    # Set the gap value to be decreased by a factor of 1.3
    # after each iteration
    shrink = 1.3

    # Continue sorting until the gap is 1
    while gap > 1:
        # Decrease the gap value
        gap = int(gap / shrink)

        # Sort the elements using insertion sort
        for i in range(gap, len(collection)):
            temp = collection[i]
            j = i
            while j >= gap and collection[j - gap] > temp:
                collection[j] = collection[j - gap]
                j -= gap
            collection[j] = temp

    return collection


# origin: TheAlgorithms/Python/sorts/stalin_sort.py
@public(([4, 3, 5, 2, 1, 7],), ([1, 2, 3, 4],), category='sorting')
def stalin_sort(sequence: list[int]) -> list[int]:
    result = [sequence[0]]
    for element in sequence[1:]:
        if element >= result[-1]:
            result.append(element)

    return result


# origin: TheAlgorithms/Python/sorts/stooge_sort.py
def stooge(arr: list[int], i: int, h: int) -> None:
    if i >= h:
        return

    # If first element is smaller than the last then swap them
    if arr[i] > arr[h]:
        arr[i], arr[h] = arr[h], arr[i]

    # If there are more than 2 elements in the array
    if h - i + 1 > 2:
        t = (int)((h - i + 1) / 3)

        # Recursively sort first 2/3 elements
        stooge(arr, i, (h - t))

        # Recursively sort last 2/3 elements
        stooge(arr, i + t, (h))

        # Recursively sort first 2/3 elements
        stooge(arr, i, (h - t))


# origin: TheAlgorithms/Python/sorts/stooge_sort.py (stooge_sort_ta, renamed from stooge_sort)
@public(([18.1, 0.0, -7.1, -1.0, 2.0, 2.0],), category='sorting')
def stooge_sort_ta(arr: list[int]) -> list[int]:
    stooge(arr, 0, len(arr) - 1)
    return arr


# origin: TheAlgorithms/Python/sorts/wiggle_sort.py (wiggle_sort_ta, renamed from wiggle_sort)
@public(([0, 5, 3, 2, 2],), category='sorting')
def wiggle_sort_ta(nums: list) -> list:
    for i, _ in enumerate(nums):
        if (i % 2 == 1) == (nums[i - 1] > nums[i]):
            nums[i - 1], nums[i] = nums[i], nums[i - 1]

    return nums


# origin: TheAlgorithms/Python/physics/doppler_frequency.py
@public((100.0, 330.0, 10.0, 0.0), (100.0, 330.0, -10.0, 0.0), category='physics & engineering')
def doppler_effect(
    org_freq: float, wave_vel: float, obs_vel: float, src_vel: float
) -> float:

    if wave_vel == src_vel:
        raise ZeroDivisionError(
            "Division by zero implies vs=v and observer in front of the source"
        )
    doppler_freq = (org_freq * (wave_vel + obs_vel)) / (wave_vel - src_vel)
    if doppler_freq <= 0:
        raise ValueError(
            "Non-positive frequency implies vs>v or v0>v (in the opposite direction)"
        )
    return doppler_freq


# origin: TheAlgorithms/Python/physics/escape_velocity.py
@public((5.972e24, 6.371e6), (7.348e22, 1.737e6), category='physics & engineering')
def escape_velocity(mass: float, radius: float) -> float:
    gravitational_constant = 6.67430e-11  # m^3 kg^-1 s^-2

    if radius == 0:
        raise ZeroDivisionError("Radius cannot be zero.")

    velocity = jnp.sqrt(2 * gravitational_constant * mass / radius)
    return round(velocity, 3)


# origin: TheAlgorithms/Python/physics/kinetic_energy.py
@public((10.0, 10.0), (0.0, 10.0), (1.0, -2.0), category='physics & engineering')
def kinetic_energy(mass: float, velocity: float) -> float:
    if mass < 0:
        raise ValueError("The mass of a body cannot be negative")
    return 0.5 * mass * abs(velocity) * abs(velocity)


# origin: TheAlgorithms/Python/physics/malus_law.py
@public((10.0, 45.0), (100.0, 60.0), (100.0, 360.0), category='physics & engineering')
def malus_law(initial_intensity: float, angle: float) -> float:

    if initial_intensity < 0:
        raise ValueError("The value of intensity cannot be negative")
        # handling of negative values of initial intensity
    if angle < 0 or angle > 360:
        raise ValueError("In Malus Law, the angle is in the range 0-360 degrees")
        # handling of values out of allowed range
    return initial_intensity * (jnp.cos(jnp.radians(angle)) ** 2)


# origin: TheAlgorithms/Python/physics/rms_speed_of_molecule.py
UNIVERSAL_GAS_CONSTANT = 8.3144598

# origin: TheAlgorithms/Python/physics/rms_speed_of_molecule.py
@public((100.0, 2.0), (273.0, 12.0), category='physics & engineering')
def rms_speed_of_molecule(temperature: float, molar_mass: float) -> float:
    if temperature < 0:
        raise Exception("Temperature cannot be less than 0 K")
    if molar_mass <= 0:
        raise Exception("Molar mass cannot be less than or equal to 0 kg/mol")
    else:
        return (3 * UNIVERSAL_GAS_CONSTANT * temperature / molar_mass) ** 0.5


# origin: TheAlgorithms/Python/physics/shear_stress.py
@public((25.0, 100.0, 0.0), (0.0, 1600.0, 200.0), category='physics & engineering')
def shear_stress(
    stress: float,
    tangential_force: float,
    area: float,
) -> tuple[str, float]:
    if (stress, tangential_force, area).count(0) != 1:
        raise ValueError("You cannot supply more or less than 2 values")
    elif stress < 0:
        raise ValueError("Stress cannot be negative")
    elif tangential_force < 0:
        raise ValueError("Tangential Force cannot be negative")
    elif area < 0:
        raise ValueError("Area cannot be negative")
    elif stress == 0:
        return (
            "stress",
            tangential_force / area,
        )
    elif tangential_force == 0:
        return (
            "tangential_force",
            stress * area,
        )
    else:
        return (
            "area",
            tangential_force / stress,
        )


# origin: TheAlgorithms/Python/physics/hubble_parameter.py
@public((68.3, 1e-4, 0.3, 0.7, 1.0), (68.3, 1e-4, 0.3, 0.7, 0.0), category='physics & engineering')
def hubble_parameter(
    hubble_constant: float,
    radiation_density: float,
    matter_density: float,
    dark_energy: float,
    redshift: float,
) -> float:
    parameters = [redshift, radiation_density, matter_density, dark_energy]
    if any(p < 0 for p in parameters):
        raise ValueError("All input parameters must be positive")

    if any(p > 1 for p in parameters[1:4]):
        raise ValueError("Relative densities cannot be greater than one")
    else:
        curvature = 1 - (matter_density + radiation_density + dark_energy)

        e_2 = (
            radiation_density * (redshift + 1) ** 4
            + matter_density * (redshift + 1) ** 3
            + curvature * (redshift + 1) ** 2
            + dark_energy
        )

        hubble = hubble_constant * e_2 ** (1 / 2)
        return hubble


# origin: TheAlgorithms/Python/physics/centripetal_force.py
@public((15.5, -30.0, 10.0), (10.0, 15.0, 5.0), category='physics & engineering')
def centripetal(mass: float, velocity: float, radius: float) -> float:
    if mass < 0:
        raise ValueError("The mass of the body cannot be negative")
    if radius <= 0:
        raise ValueError("The radius is always a positive non zero integer")
    return (mass * (velocity) ** 2) / radius


# origin: TheAlgorithms/Python/physics/coulombs_law.py
@public((0.5, 0.5, 1.0), (1.0, -1.0, 2.0), category='physics & engineering')
def coulombs_law(q1: float, q2: float, radius: float) -> float:
    if radius <= 0:
        raise ValueError("The radius is always a positive number")
    return round(((8.9875517923 * 10**9) * q1 * q2) / (radius**2), 2)


# origin: TheAlgorithms/Python/financial/interest.py
@public((18000.0, 0.06, 3.0), (0.5, 0.06, 3.0), category='finance')
def simple_interest(
    principal: float, daily_interest_rate: float, days_between_payments: float
) -> float:
    if days_between_payments <= 0:
        raise ValueError("days_between_payments must be > 0")
    if daily_interest_rate < 0:
        raise ValueError("daily_interest_rate must be >= 0")
    if principal <= 0:
        raise ValueError("principal must be > 0")
    return principal * daily_interest_rate * days_between_payments


# origin: TheAlgorithms/Python/financial/interest.py
@public((10000.0, 0.05, 3.0), (10000.0, 0.05, 1.0), category='finance')
def compound_interest(
    principal: float,
    nominal_annual_interest_rate_percentage: float,
    number_of_compounding_periods: float,
) -> float:
    if number_of_compounding_periods <= 0:
        raise ValueError("number_of_compounding_periods must be > 0")
    if nominal_annual_interest_rate_percentage < 0:
        raise ValueError("nominal_annual_interest_rate_percentage must be >= 0")
    if principal <= 0:
        raise ValueError("principal must be > 0")

    return principal * (
        (1 + nominal_annual_interest_rate_percentage) ** number_of_compounding_periods
        - 1
    )


# origin: TheAlgorithms/Python/financial/interest.py
@public((10000.0, 0.05, 3.0), (10000.0, 0.05, 1.0), category='finance')
def apr_interest(
    principal: float,
    nominal_annual_percentage_rate: float,
    number_of_years: float,
) -> float:
    if number_of_years <= 0:
        raise ValueError("number_of_years must be > 0")
    if nominal_annual_percentage_rate < 0:
        raise ValueError("nominal_annual_percentage_rate must be >= 0")
    if principal <= 0:
        raise ValueError("principal must be > 0")

    return compound_interest(
        principal, nominal_annual_percentage_rate / 365, number_of_years * 365
    )


# origin: TheAlgorithms/Python/financial/price_plus_tax.py
@public((100.0, 0.25), (125.5, 0.05), category='finance')
def price_plus_tax(price: float, tax_rate: float) -> float:
    return price * (1 + tax_rate)


# origin: TheAlgorithms/Python/electronics/carrier_concentration.py
@public((25.0, 100.0, 0.0), (0.0, 1600.0, 200.0), category='physics & engineering')
def carrier_concentration(
    electron_conc: float,
    hole_conc: float,
    intrinsic_conc: float,
) -> tuple:
    if (electron_conc, hole_conc, intrinsic_conc).count(0) != 1:
        raise ValueError("You cannot supply more or less than 2 values")
    elif electron_conc < 0:
        raise ValueError("Electron concentration cannot be negative in a semiconductor")
    elif hole_conc < 0:
        raise ValueError("Hole concentration cannot be negative in a semiconductor")
    elif intrinsic_conc < 0:
        raise ValueError(
            "Intrinsic concentration cannot be negative in a semiconductor"
        )
    elif electron_conc == 0:
        return (
            "electron_conc",
            intrinsic_conc**2 / hole_conc,
        )
    elif hole_conc == 0:
        return (
            "hole_conc",
            intrinsic_conc**2 / electron_conc,
        )
    elif intrinsic_conc == 0:
        return (
            "intrinsic_conc",
            (electron_conc * hole_conc) ** 0.5,
        )
    else:
        return (-1, -1)


# origin: TheAlgorithms/Python/electronics/charging_capacitor.py
@public((0.2, 0.9, 8.4, 0.5), (2.2, 3.5, 2.4, 9.0), category='physics & engineering')
def charging_capacitor(
    source_voltage: float,  # voltage in volts.
    resistance: float,  # resistance in ohms.
    capacitance: float,  # capacitance in farads.
    time_sec: float,  # time in seconds after charging initiation of capacitor.
) -> float:

    if source_voltage <= 0:
        raise ValueError("Source voltage must be positive.")
    if resistance <= 0:
        raise ValueError("Resistance must be positive.")
    if capacitance <= 0:
        raise ValueError("Capacitance must be positive.")
    return round(source_voltage * (1 - jnp.exp(-time_sec / (resistance * capacitance))), 3)


# origin: TheAlgorithms/Python/electronics/charging_inductor.py
@public((5.8, 1.5, 2.3, 2.0), (8.0, 5.0, 3.0, 2.0), category='physics & engineering')
def charging_inductor(
    source_voltage: float,  # source_voltage should be in volts.
    resistance: float,  # resistance should be in ohms.
    inductance: float,  # inductance should be in henrys.
    time: float,  # time should in seconds.
) -> float:

    if source_voltage <= 0:
        raise ValueError("Source voltage must be positive.")
    if resistance <= 0:
        raise ValueError("Resistance must be positive.")
    if inductance <= 0:
        raise ValueError("Inductance must be positive.")
    return round(
        source_voltage / resistance * (1 - jnp.exp((-time * resistance) / inductance)), 3
    )


# origin: TheAlgorithms/Python/electronics/ic_555_timer.py
@public((45.0, 45.0, 7.0), (356.0, 234.0, 976.0), category='physics & engineering')
def astable_frequency(
    resistance_1: float, resistance_2: float, capacitance: float
) -> float:

    if resistance_1 <= 0 or resistance_2 <= 0 or capacitance <= 0:
        raise ValueError("All values must be positive")
    return (1.44 / ((resistance_1 + 2 * resistance_2) * capacitance)) * 10**6


# origin: TheAlgorithms/Python/electronics/ic_555_timer.py
@public((45.0, 45.0), (356.0, 234.0), category='physics & engineering')
def astable_duty_cycle(resistance_1: float, resistance_2: float) -> float:

    if resistance_1 <= 0 or resistance_2 <= 0:
        raise ValueError("All values must be positive")
    return (resistance_1 + resistance_2) / (resistance_1 + 2 * resistance_2) * 100


# origin: TheAlgorithms/Python/electronics/wheatstone_bridge.py
@public((2.0, 4.0, 5.0), (356.0, 234.0, 976.0), category='physics & engineering')
def wheatstone_solver(
    resistance_1: float, resistance_2: float, resistance_3: float
) -> float:

    if resistance_1 <= 0 or resistance_2 <= 0 or resistance_3 <= 0:
        raise ValueError("All resistance values must be positive")
    else:
        return float((resistance_2 / resistance_1) * resistance_3)


# origin: TheAlgorithms/Python/conversions/temperature_conversions.py
@public((273.354, 3), (-40.0,), (20,), category='conversions')
def celsius_to_fahrenheit(celsius: float, ndigits: int = 2) -> float:
    return round((float(celsius) * 9 / 5) + 32, ndigits)


# origin: TheAlgorithms/Python/conversions/temperature_conversions.py
@public((273.354, 3), (-40.0,), category='conversions')
def fahrenheit_to_kelvin(fahrenheit: float, ndigits: int = 2) -> float:
    return round(((float(fahrenheit) - 32) * 5 / 9) + 273.15, ndigits)


# origin: TheAlgorithms/Python/conversions/temperature_conversions.py
@public((273.354, 3), (0.0,), category='conversions')
def kelvin_to_rankine(kelvin: float, ndigits: int = 2) -> float:
    return round((float(kelvin) * 9 / 5), ndigits)


# origin: TheAlgorithms/Python/conversions/rectangular_to_polar.py
@public((5.0, -5.0), (-1.0, 0.0), (3.0, 4.0), category='conversions')
def rectangular_to_polar(real: float, img: float) -> tuple[float, float]:

    mod = round(jnp.sqrt((real**2) + (img**2)), 2)
    ang = round(jnp.degrees(jnp.arctan2(img, real)), 2)
    return (mod, ang)


# origin: TheAlgorithms/Python/conversions/molecular_chemistry.py
@public((2, 3.1, 0.31), (4, 11.4, 5.7), category='conversions')
def molarity_to_normality(nfactor: int, moles: float, volume: float) -> float:
    return round(float(moles / volume) * nfactor)


# origin: TheAlgorithms/Python/project_euler/problem_001/sol1.py (pe001_sol1, renamed from solution)
@public((3,), (10,), (100,), category='project euler')
def pe001_sol1(n: int = 1000) -> int:

    return sum(e for e in range(3, n) if e % 3 == 0 or e % 5 == 0)


# origin: TheAlgorithms/Python/project_euler/problem_001/sol2.py (pe001_sol2, renamed from solution)
@public((3,), (10,), (100,), category='project euler')
def pe001_sol2(n: int = 1000) -> int:

    total = 0
    terms = (n - 1) // 3
    total += ((terms) * (6 + (terms - 1) * 3)) // 2  # total of an A.P.
    terms = (n - 1) // 5
    total += ((terms) * (10 + (terms - 1) * 5)) // 2
    terms = (n - 1) // 15
    total -= ((terms) * (30 + (terms - 1) * 15)) // 2
    return total


# origin: TheAlgorithms/Python/project_euler/problem_001/sol3.py (pe001_sol3, renamed from solution)
@public((3,), (10,), (100,), category='project euler')
def pe001_sol3(n: int = 1000) -> int:

    total = 0
    num = 0
    while 1:
        num += 3
        if num >= n:
            break
        total += num
        num += 2
        if num >= n:
            break
        total += num
        num += 1
        if num >= n:
            break
        total += num
        num += 3
        if num >= n:
            break
        total += num
        num += 1
        if num >= n:
            break
        total += num
        num += 2
        if num >= n:
            break
        total += num
        num += 3
        if num >= n:
            break
        total += num
    return total


# origin: TheAlgorithms/Python/project_euler/problem_002/sol1.py (pe002_sol1, renamed from solution)
@public((10,), (100,), (4000000,), category='project euler')
def pe002_sol1(n: int = 4000000) -> int:

    i = 1
    j = 2
    total = 0
    while j <= n:
        if j % 2 == 0:
            total += j
        i, j = j, i + j

    return total


# origin: TheAlgorithms/Python/project_euler/problem_002/sol2.py (pe002_sol2, renamed from solution)
@public((10,), (100,), (4000000,), category='project euler')
def pe002_sol2(n: int = 4000000) -> int:

    even_fibs = []
    a, b = 0, 1
    while b <= n:
        if b % 2 == 0:
            even_fibs.append(b)
        a, b = b, a + b
    return sum(even_fibs)


# origin: TheAlgorithms/Python/project_euler/problem_006/sol1.py (pe006_sol1, renamed from solution)
@public((10,), (100,), category='project euler')
def pe006_sol1(n: int = 100) -> int:

    sum_of_squares = 0
    sum_of_ints = 0
    for i in range(1, n + 1):
        sum_of_squares += i**2
        sum_of_ints += i
    return sum_of_ints**2 - sum_of_squares


# origin: TheAlgorithms/Python/project_euler/problem_006/sol3.py (pe006_sol3, renamed from solution)
@public((10,), (100,), category='project euler')
def pe006_sol3(n: int = 100) -> int:

    sum_of_squares = sum(i * i for i in range(1, n + 1))
    square_of_sum = int(jnp.power(sum(range(1, n + 1)), 2))
    return square_of_sum - sum_of_squares


# origin: TheAlgorithms/Python/project_euler/problem_007/sol1.py (is_prime_pe007, renamed from is_prime)
def is_prime_pe007(number: int) -> bool:

    if 1 < number < 4:
        # 2 and 3 are primes
        return True
    elif number < 2 or number % 2 == 0 or number % 3 == 0:
        # Negatives, 0, 1, all even numbers, all multiples of 3 are not primes
        return False

    # All primes number are in format of 6k +/- 1
    for i in range(5, int(jnp.sqrt(number) + 1), 6):
        if number % i == 0 or number % (i + 2) == 0:
            return False
    return True


# origin: TheAlgorithms/Python/project_euler/problem_007/sol1.py (pe007_sol1, renamed from solution)
@public((1,), (6,), (30,), category='project euler')
def pe007_sol1(nth: int = 10001) -> int:

    count = 0
    number = 1
    while count != nth and number < 3:
        number += 1
        if is_prime_pe007(number):
            count += 1
    while count != nth:
        number += 2
        if is_prime_pe007(number):
            count += 1
    return number


# origin: TheAlgorithms/Python/project_euler/problem_010/sol1.py (is_prime_pe010, renamed from is_prime)
def is_prime_pe010(number: int) -> bool:

    if 1 < number < 4:
        # 2 and 3 are primes
        return True
    elif number < 2 or number % 2 == 0 or number % 3 == 0:
        # Negatives, 0, 1, all even numbers, all multiples of 3 are not primes
        return False

    # All primes number are in format of 6k +/- 1
    for i in range(5, int(jnp.sqrt(number) + 1), 6):
        if number % i == 0 or number % (i + 2) == 0:
            return False
    return True


# origin: TheAlgorithms/Python/project_euler/problem_010/sol1.py (pe010_sol1, renamed from solution)
@public((10,), (30,), (2,), category='project euler')
def pe010_sol1(n: int = 2000000) -> int:

    return sum(num for num in range(3, n, 2) if is_prime_pe010(num)) + 2 if n > 2 else 0


# origin: TheAlgorithms/Python/project_euler/problem_012/sol1.py
@public((28,), (1,), (36,), category='project euler')
def count_divisors(n):
    n_divisors = 1
    i = 2
    while i * i <= n:
        multiplicity = 0
        while n % i == 0:
            n //= i
            multiplicity += 1
        n_divisors *= multiplicity + 1
        i += 1
    if n > 1:
        n_divisors *= 2
    return n_divisors


# origin: TheAlgorithms/Python/project_euler/problem_021/sol1.py (sum_of_divisors_pe021, renamed from sum_of_divisors)
@public((220,), (284,), (6,), category='project euler')
def sum_of_divisors_pe021(n: int) -> int:
    total = 0
    for i in range(1, int(jnp.sqrt(n) + 1)):
        if n % i == 0 and i != jnp.sqrt(n):
            total += i + n // i
        elif i == jnp.sqrt(n):
            total += i
    return total - n


# origin: TheAlgorithms/Python/project_euler/problem_045/sol1.py
def hexagonal_num(n: int) -> int:
    return n * (2 * n - 1)


# origin: TheAlgorithms/Python/project_euler/problem_045/sol1.py
def is_pentagonal(n: int) -> bool:
    root = (1 + 24 * n) ** 0.5
    return ((1 + root) / 6) % 1 == 0


# origin: TheAlgorithms/Python/project_euler/problem_045/sol1.py (pe045_sol1, renamed from solution)
@public((1,), (2,), category='project euler')
def pe045_sol1(start: int = 144) -> int:
    n = start
    num = hexagonal_num(n)
    while not is_pentagonal(num):
        n += 1
        num = hexagonal_num(n)
    return num


# origin: TheAlgorithms/Python/project_euler/problem_058/sol1.py (is_prime_pe058, renamed from is_prime)
def is_prime_pe058(number: int) -> bool:

    if 1 < number < 4:
        # 2 and 3 are primes
        return True
    elif number < 2 or number % 2 == 0 or number % 3 == 0:
        # Negatives, 0, 1, all even numbers, all multiples of 3 are not primes
        return False

    # All primes number are in format of 6k +/- 1
    for i in range(5, int(jnp.sqrt(number) + 1), 6):
        if number % i == 0 or number % (i + 2) == 0:
            return False
    return True


# origin: TheAlgorithms/Python/project_euler/problem_058/sol1.py (pe058_sol1, renamed from solution)
@public((0.5,), (0.3,), category='project euler')
def pe058_sol1(ratio: float = 0.1) -> int:

    j = 3
    primes = 3

    while primes / (2 * j - 1) >= ratio:
        for i in range(j * j + j + 1, (j + 2) * (j + 2), j + 1):
            primes += is_prime_pe058(i)
        j += 2
    return j


# origin: TheAlgorithms/Python/project_euler/problem_071/sol1.py (pe071_sol1, renamed from solution)
@public((3, 7, 8), (3, 7, 100), category='project euler')
def pe071_sol1(numerator: int = 3, denominator: int = 7, limit: int = 1000000) -> int:
    max_numerator = 0
    max_denominator = 1

    for current_denominator in range(1, limit + 1):
        current_numerator = current_denominator * numerator // denominator
        if current_denominator % denominator == 0:
            current_numerator -= 1
        if current_numerator * max_denominator > current_denominator * max_numerator:
            max_numerator = current_numerator
            max_denominator = current_denominator
    return max_numerator


# origin: TheAlgorithms/Python/project_euler/problem_120/sol1.py (pe120_sol1, renamed from solution)
@public((10,), (100,), category='project euler')
def pe120_sol1(n: int = 1000) -> int:
    return sum(2 * a * ((a - 1) // 2) for a in range(3, n + 1))


# origin: TheAlgorithms/Python/project_euler/problem_173/sol1.py (pe173_sol1, renamed from solution)
@public((100,), (1000,), category='project euler')
def pe173_sol1(limit: int = 1000000) -> int:
    answer = 0

    for outer_width in range(3, (limit // 4) + 2):
        if outer_width**2 > limit:
            hole_width_lower_bound = max(jnp.ceil(jnp.sqrt(outer_width**2 - limit)), 1)
        else:
            hole_width_lower_bound = 1
        if (outer_width - hole_width_lower_bound) % 2:
            hole_width_lower_bound += 1

        answer += (outer_width - hole_width_lower_bound - 2) // 2 + 1

    return answer


# origin: keon/algorithms/algorithms/array/max_ones_index.py
@public(([1, 1, 1, 0, 1, 1, 1, 1, 1, 0, 1, 1, 1, 1, 1],), ([1, 1, 1],), category='array algorithms')
def max_ones_index(array: list[int]) -> int:
    length = len(array)
    max_count = 0
    max_index = 0
    prev_zero = -1
    prev_prev_zero = -1

    for current in range(length):
        if array[current] == 0:
            if current - prev_prev_zero > max_count:
                max_count = current - prev_prev_zero
                max_index = prev_zero

            prev_prev_zero = prev_zero
            prev_zero = current

    if length - prev_prev_zero > max_count:
        max_index = prev_zero

    return max_index


# origin: keon/algorithms/algorithms/array/missing_ranges.py
@public(([3, 5, 10, 11, 12, 15, 19], 0, 20), ([0, 1, 2], 0, 2), category='array algorithms')
def missing_ranges(array: list[int], low: int, high: int) -> list[tuple[int, int]]:
    result = []
    start = low

    for num in array:
        if num == start:
            start += 1
        elif num > start:
            result.append((start, num - 1))
            start = num + 1

    if start <= high:
        result.append((start, high))

    return result


# origin: keon/algorithms/algorithms/array/plus_one.py
@public(([1, 2, 9],), ([9, 9],), category='array algorithms')
def plus_one_v1(digits: list[int]) -> list[int]:
    digits[-1] = digits[-1] + 1
    result = []
    carry = 0
    index = len(digits) - 1
    while index >= 0 or carry == 1:
        digit_sum = 0
        if index >= 0:
            digit_sum += digits[index]
        if carry:
            digit_sum += 1
        result.append(digit_sum % 10)
        carry = digit_sum // 10
        index -= 1
    return result[::-1]


# origin: keon/algorithms/algorithms/array/rotate.py
@public(([1, 2, 3, 4, 5, 6, 7], 3), ([1, 2], 0), category='array algorithms')
def rotate_v1(array: list[int], k: int) -> list[int]:
    array = array[:]
    length = len(array)
    for _ in range(k):
        temp = array[length - 1]
        for position in range(length - 1, 0, -1):
            array[position] = array[position - 1]
        array[0] = temp
    return array


# origin: keon/algorithms/algorithms/array/rotate.py
@public(([1, 2, 3, 4, 5, 6, 7], 3), ([1, 2], 5), category='array algorithms')
def rotate_v2(array: list[int], k: int) -> list[int]:
    array = array[:]

    def _reverse(arr: list[int], left: int, right: int) -> None:
        while left < right:
            arr[left], arr[right] = arr[right], arr[left]
            left += 1
            right -= 1

    length = len(array)
    k = k % length
    _reverse(array, 0, length - k - 1)
    _reverse(array, length - k, length - 1)
    _reverse(array, 0, length - 1)
    return array


# origin: keon/algorithms/algorithms/array/summarize_ranges.py
@public(([0, 1, 2, 4, 5, 7],), ([-5, -4, -3, 1, 2, 4, 5, 6],), category='array algorithms')
def summarize_ranges(array: list[int]) -> list[tuple[int, ...]]:
    result = []
    if len(array) == 0:
        return []
    if len(array) == 1:
        return [(array[0], array[0])]
    iterator = iter(array)
    start = end = next(iterator)
    for num in iterator:
        if num - end == 1:
            end = num
        else:
            result.append((start, end))
            start = end = num
    result.append((start, end))
    return result


# origin: keon/algorithms/algorithms/array/trimmean.py
@public(([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 20), ([4.0, 1.0, 3.0, 2.0], 50), category='statistics')
def trimmean(array: list[float], percentage: float) -> float:
    ratio = percentage / 200
    array.sort()
    trim_count = int(len(array) * ratio)
    trimmed = array[trim_count : len(array) - trim_count]
    total = 0
    for value in trimmed:
        total += value
    return total / len(trimmed)


# origin: keon/algorithms/algorithms/array/delete_nth.py
@public(([1, 2, 3, 1, 2, 1, 2, 3], 2), ([20, 37, 20, 21], 1), category='array algorithms')
def delete_nth_naive(array: list[int], n: int) -> list[int]:
    result = []
    for num in array:
        if result.count(num) < n:
            result.append(num)
    return result


# origin: keon/algorithms/algorithms/array/move_zeros.py
@public(([0, 1, 0, 3, 12],), ([1, 2],), category='array algorithms')
def move_zeros(array: list[Any]) -> list[Any]:
    result = []
    zeros = 0

    for element in array:
        if element == 0 and type(element) is not bool:
            zeros += 1
        else:
            result.append(element)

    result.extend([0] * zeros)
    return result


# origin: keon/algorithms/algorithms/bit_manipulation/add_bitwise_operator.py
@public((2, 3), (0, 7), (100, 28), category='bit manipulation')
def add_bitwise_operator(first: int, second: int) -> int:
    while second:
        carry = first & second
        first = first ^ second
        second = carry << 1
    return first


# origin: keon/algorithms/algorithms/bit_manipulation/binary_gap.py
@public((22,), (6,), (8,), category='bit manipulation')
def binary_gap(number: int) -> int:
    last_one_position = None
    longest_gap = 0
    index = 0
    while number != 0:
        if number & 1:
            if last_one_position is not None:
                longest_gap = max(longest_gap, index - last_one_position)
            last_one_position = index
        index += 1
        number >>= 1
    return longest_gap


# origin: keon/algorithms/algorithms/bit_manipulation/bit_operation.py
@public((5, 1, 1), (5, 0, 0), category='bit manipulation')
def update_bit(number: int, position: int, bit: int) -> int:
    mask = ~(1 << position)
    return (number & mask) | (bit << position)


# origin: keon/algorithms/algorithms/bit_manipulation/count_flips_to_convert.py
@public((29, 15), (0, 0), category='bit manipulation')
def count_flips_to_convert(first: int, second: int) -> int:
    diff = first ^ second
    count = 0
    while diff:
        diff &= diff - 1
        count += 1
    return count


# origin: keon/algorithms/algorithms/bit_manipulation/count_ones.py
@public((11,), (0,), category='bit manipulation')
def count_ones_recur(number: int) -> int:
    if not number:
        return 0
    return 1 + count_ones_recur(number & (number - 1))


# origin: keon/algorithms/algorithms/bit_manipulation/count_ones.py
@public((11,), (0,), (255,), category='bit manipulation')
def count_ones_iter(number: int) -> int:
    count = 0
    while number:
        number &= number - 1
        count += 1
    return count


# origin: keon/algorithms/algorithms/bit_manipulation/find_missing_number.py (find_missing_number_keon, renamed from find_missing_number)
@public(([4, 1, 3, 0, 6, 5, 2],), ([0],), category='bit manipulation')
def find_missing_number_keon(nums: list[int]) -> int:
    missing = 0
    for index, number in enumerate(nums):
        missing ^= number
        missing ^= index + 1
    return missing


# origin: keon/algorithms/algorithms/bit_manipulation/find_missing_number.py
@public(([4, 1, 3, 0, 6, 5, 2],), ([0],), category='bit manipulation')
def find_missing_number2(nums: list[int]) -> int:
    total = sum(nums)
    length = len(nums)
    expected_total = length * (length + 1) // 2
    return expected_total - total


# origin: keon/algorithms/algorithms/bit_manipulation/flip_bit_longest_sequence.py
@public((1775,), (0,), (15,), category='bit manipulation')
def flip_bit_longest_seq(number: int) -> int:
    current_length = 0
    previous_length = 0
    max_length = 0

    while number:
        if number & 1 == 1:
            current_length += 1
        elif number & 1 == 0:
            previous_length = 0 if number & 2 == 0 else current_length
            current_length = 0

        max_length = max(max_length, previous_length + current_length)
        number >>= 1

    return max_length + 1


# origin: keon/algorithms/algorithms/bit_manipulation/gray_code.py
@public((3,), (0,), category='bit manipulation')
def gray_code(n: int) -> list[int]:
    return [i ^ (i >> 1) for i in range(1 << n)]


# origin: keon/algorithms/algorithms/bit_manipulation/gray_code.py
@public((7,), (0,), (12,), category='bit manipulation')
def gray_to_binary(gray: int) -> int:
    mask = gray >> 1
    while mask:
        gray ^= mask
        mask >>= 1
    return gray


# origin: keon/algorithms/algorithms/bit_manipulation/has_alternative_bit.py
@public((5,), (7,), (10,), category='bit manipulation')
def has_alternative_bit(number: int) -> bool:
    first_bit = 0
    second_bit = 0
    while number:
        first_bit = number & 1
        if number >> 1:
            second_bit = (number >> 1) & 1
            if not first_bit ^ second_bit:
                return False
        else:
            return True
        number >>= 1
    return True


# origin: keon/algorithms/algorithms/bit_manipulation/insert_bit.py
@public((21, 1, 2), (21, 0, 2), category='bit manipulation')
def insert_one_bit(number: int, bit: int, position: int) -> int:
    upper = number >> position
    upper = (upper << 1) | bit
    upper = upper << position
    lower = ((1 << position) - 1) & number
    return lower | upper


# origin: keon/algorithms/algorithms/bit_manipulation/remove_bit.py
@public((21, 2), (21, 0), category='bit manipulation')
def remove_bit(number: int, position: int) -> int:
    upper = number >> (position + 1)
    upper = upper << position
    lower = ((1 << position) - 1) & number
    return upper | lower


# origin: keon/algorithms/algorithms/bit_manipulation/power_of_two.py (is_power_of_two_keon, renamed from is_power_of_two)
@public((0,), (64,), (65,), category='bit manipulation')
def is_power_of_two_keon(number: int) -> bool:
    return number > 0 and not number & (number - 1)


# origin: keon/algorithms/algorithms/bit_manipulation/reverse_bits.py
@public((43261596,), (0,), category='bit manipulation')
def reverse_bits(number: int) -> int:
    result = 0
    for _ in range(32):
        result = (result << 1) + (number & 1)
        number >>= 1
    return result


# origin: keon/algorithms/algorithms/bit_manipulation/single_number.py
@public(([1, 2, 1],), ([4, 1, 2, 1, 2],), category='bit manipulation')
def single_number(nums: list[int]) -> int:
    result = 0
    for number in nums:
        result ^= number
    return result


# origin: keon/algorithms/algorithms/bit_manipulation/single_number2.py
@public(([2, 2, 3, 2],), ([0, 1, 0, 1, 0, 1, 99],), category='bit manipulation')
def single_number2(nums: list[int]) -> int:
    ones, twos = 0, 0
    for index in range(len(nums)):
        ones = (ones ^ nums[index]) & ~twos
        twos = (twos ^ nums[index]) & ~ones
    return ones


# origin: keon/algorithms/algorithms/bit_manipulation/single_number3.py
@public(([1, 2, 1, 3, 2, 5],), category='bit manipulation')
def single_number3(nums: list[int]) -> list[int]:
    xor_both = 0
    for number in nums:
        xor_both ^= number

    rightmost_set_bit = xor_both & (-xor_both)

    first, second = 0, 0
    for number in nums:
        if number & rightmost_set_bit:
            first ^= number
        else:
            second ^= number
    return [first, second]


# origin: keon/algorithms/algorithms/dynamic_programming/buy_sell_stock.py
@public(([7, 1, 5, 3, 6, 4],), ([7, 6, 4, 3, 1],), category='dynamic programming')
def max_profit_naive(prices: list[int]) -> int:
    max_so_far = 0
    for i in range(0, len(prices) - 1):
        for j in range(i + 1, len(prices)):
            max_so_far = max(max_so_far, prices[j] - prices[i])
    return max_so_far


# origin: keon/algorithms/algorithms/dynamic_programming/buy_sell_stock.py
@public(([7, 1, 5, 3, 6, 4],), ([7, 6, 4, 3, 1],), category='dynamic programming')
def max_profit_optimized(prices: list[int]) -> int:
    cur_max, max_so_far = 0, 0
    for i in range(1, len(prices)):
        cur_max = max(0, cur_max + prices[i] - prices[i - 1])
        max_so_far = max(max_so_far, cur_max)
    return max_so_far


# origin: keon/algorithms/algorithms/dynamic_programming/climbing_stairs.py (climb_stairs_keon, renamed from climb_stairs)
@public((5,), (1,), category='dynamic programming')
def climb_stairs_keon(steps: int) -> int:
    arr = [1, 1]
    for _ in range(1, steps):
        arr.append(arr[-1] + arr[-2])
    return arr[-1]


# origin: keon/algorithms/algorithms/dynamic_programming/climbing_stairs.py
@public((5,), (0,), category='dynamic programming')
def climb_stairs_optimized(steps: int) -> int:
    a_steps = b_steps = 1
    for _ in range(steps):
        a_steps, b_steps = b_steps, a_steps + b_steps
    return a_steps


# origin: keon/algorithms/algorithms/dynamic_programming/coin_change.py (count_coin_change, renamed from count)
@public(([1, 2, 3], 4), ([2, 5, 3, 6], 10), category='dynamic programming')
def count_coin_change(coins: list[int], value: int) -> int:
    dp_array = [1] + [0] * value

    for coin in coins:
        for i in range(coin, value + 1):
            dp_array[i] += dp_array[i - coin]

    return dp_array[value]


# origin: keon/algorithms/algorithms/dynamic_programming/combination_sum.py
def _helper_topdown(nums: list[int], target: int, dp: list[int]) -> int:
    if dp[target] != -1:
        return dp[target]
    result = 0
    for num in nums:
        if target >= num:
            result += _helper_topdown(nums, target - num, dp)
    dp[target] = result
    return result


# origin: keon/algorithms/algorithms/dynamic_programming/combination_sum.py
@public(([1, 2, 3], 4), category='dynamic programming')
def combination_sum_topdown(nums: list[int], target: int) -> int:
    dp = [-1] * (target + 1)
    dp[0] = 1
    return _helper_topdown(nums, target, dp)


# origin: keon/algorithms/algorithms/dynamic_programming/combination_sum.py
@public(([1, 2, 3], 4), category='dynamic programming')
def combination_sum_bottom_up(nums: list[int], target: int) -> int:
    combs = [0] * (target + 1)
    combs[0] = 1
    for i in range(0, len(combs)):
        for num in nums:
            if i - num >= 0:
                combs[i] += combs[i - num]
    return combs[target]


# origin: keon/algorithms/algorithms/dynamic_programming/count_paths_dp.py
@public((3, 3), (1, 5), category='dynamic programming')
def count_paths_dp(m: int, n: int) -> int:
    row = [1] * n
    for _ in range(1, m):
        for j in range(1, n):
            row[j] += row[j - 1]
    return row[n - 1]


# origin: keon/algorithms/algorithms/dynamic_programming/count_paths_dp.py
@public((3, 3), (1, 5), category='dynamic programming')
def count_paths_recursive(m: int, n: int) -> int:
    if m == 1 or n == 1:
        return 1
    return count_paths_recursive(m - 1, n) + count_paths_recursive(m, n - 1)


# origin: keon/algorithms/algorithms/dynamic_programming/egg_drop.py
_INT_MAX = 32767

# origin: keon/algorithms/algorithms/dynamic_programming/egg_drop.py
@public((2, 10), (1, 3), category='dynamic programming')
def egg_drop(n: int, k: int) -> int:
    egg_floor = [[0 for _ in range(k + 1)] for _ in range(n + 1)]

    for i in range(1, n + 1):
        egg_floor[i][1] = 1
        egg_floor[i][0] = 0

    for j in range(1, k + 1):
        egg_floor[1][j] = j

    for i in range(2, n + 1):
        for j in range(2, k + 1):
            egg_floor[i][j] = _INT_MAX
            for x in range(1, j + 1):
                res = 1 + max(egg_floor[i - 1][x - 1], egg_floor[i][j - x])
                if res < egg_floor[i][j]:
                    egg_floor[i][j] = res

    return egg_floor[n][k]


# origin: keon/algorithms/algorithms/dynamic_programming/fib.py
@public((10,), (1,), category='dynamic programming')
def fib_list(n: int) -> int:
    assert n >= 0, "n must be a positive integer"

    list_results = [0, 1]
    for i in range(2, n + 1):
        list_results.append(list_results[i - 1] + list_results[i - 2])
    return list_results[n]


# origin: keon/algorithms/algorithms/dynamic_programming/fib.py
@public((10,), (1,), category='dynamic programming')
def fib_iter(n: int) -> int:
    assert n >= 0, "n must be positive integer"

    fib_1 = 0
    fib_2 = 1
    res = 0
    if n <= 1:
        return n
    for _ in range(n - 1):
        res = fib_1 + fib_2
        fib_1 = fib_2
        fib_2 = res
    return res


# origin: keon/algorithms/algorithms/dynamic_programming/fib.py
@public((10,), (1,), category='dynamic programming')
def fib_recursive(n: int) -> int:
    assert n >= 0, "n must be a positive integer"

    if n <= 1:
        return n
    return fib_recursive(n - 1) + fib_recursive(n - 2)


# origin: keon/algorithms/algorithms/dynamic_programming/hosoya_triangle.py
@public((4, 2), (1, 0), category='dynamic programming')
def hosoya(height: int, width: int) -> int:
    if (width == 0) and (height in (0, 1)):
        return 1
    if (width == 1) and (height in (1, 2)):
        return 1
    if height > width:
        return hosoya(height - 1, width) + hosoya(height - 2, width)
    if width == height:
        return hosoya(height - 1, width - 1) + hosoya(height - 2, width - 2)
    return 0


# origin: keon/algorithms/algorithms/dynamic_programming/house_robber.py
@public(([1, 2, 16, 3, 15, 3, 12, 1],), ([5],), category='dynamic programming')
def house_robber(houses: list[int]) -> int:
    last, now = 0, 0
    for house in houses:
        last, now = now, max(last + house, now)
    return now


# origin: keon/algorithms/algorithms/dynamic_programming/int_divide.py
@public((4,), (7,), category='dynamic programming')
def int_divide(decompose: int) -> int:
    arr = [[0 for i in range(decompose + 1)] for j in range(decompose + 1)]
    arr[1][1] = 1
    for i in range(1, decompose + 1):
        for j in range(1, decompose + 1):
            if i < j:
                arr[i][j] = arr[i][i]
            elif i == j:
                arr[i][j] = 1 + arr[i][j - 1]
            else:
                arr[i][j] = arr[i][j - 1] + arr[i - j][j]
    return arr[decompose][decompose]


# origin: keon/algorithms/algorithms/dynamic_programming/longest_increasing.py
@public(([1, 101, 10, 2, 3, 100, 4, 6, 2],), category='dynamic programming')
def longest_increasing_subsequence(sequence: list[int]) -> int:
    length = len(sequence)
    counts = [1 for _ in range(length)]
    for i in range(1, length):
        for j in range(0, i):
            if sequence[i] > sequence[j]:
                counts[i] = max(counts[i], counts[j] + 1)
    return max(counts)


# origin: keon/algorithms/algorithms/dynamic_programming/max_product_subarray.py
@public(([2, 3, -2, 4],), ([-2, 0, -1],), category='dynamic programming')
def max_product(nums: list[int]) -> int:
    lmin = lmax = gmax = nums[0]
    for num in nums[1:]:
        t_1 = num * lmax
        t_2 = num * lmin
        lmax = max(max(t_1, t_2), num)
        lmin = min(min(t_1, t_2), num)
        gmax = max(gmax, lmax)
    return gmax


# origin: keon/algorithms/algorithms/dynamic_programming/max_subarray.py
@public(([1, 2, -3, 4, 5, -7, 23],), ([-1],), category='dynamic programming')
def max_subarray(array: list[int]) -> int:
    max_so_far = max_now = array[0]
    for i in range(1, len(array)):
        max_now = max(array[i], max_now + array[i])
        max_so_far = max(max_so_far, max_now)
    return max_so_far


# origin: keon/algorithms/algorithms/dynamic_programming/min_cost_path.py
_INF = float("inf")

# origin: keon/algorithms/algorithms/dynamic_programming/min_cost_path.py
@public(([[0, 15, 80, 90], [-1, 0, 40, 50], [-1, -1, 0, 70], [-1, -1, -1, 0]],), category='dynamic programming')
def min_cost(cost: list[list[int]]) -> int:
    length = len(cost)
    dist = [_INF] * length

    dist[0] = 0

    for i in range(length):
        for j in range(i + 1, length):
            dist[j] = min(dist[j], dist[i] + cost[i][j])

    return dist[length - 1]


# origin: keon/algorithms/algorithms/dynamic_programming/matrix_chain_order.py
@public(([1, 2, 3, 4, 3],), category='dynamic programming')
def matrix_chain_order(array: list[int]) -> tuple[list[list[int]], list[list[int]]]:
    n = len(array)
    matrix = [[0 for x in range(n)] for x in range(n)]
    sol = [[0 for x in range(n)] for x in range(n)]
    for chain_length in range(2, n):
        for a in range(1, n - chain_length + 1):
            b = a + chain_length - 1

            matrix[a][b] = _INF
            for c in range(a, b):
                cost = (
                    matrix[a][c] + matrix[c + 1][b] + array[a - 1] * array[c] * array[b]
                )
                if cost < matrix[a][b]:
                    matrix[a][b] = cost
                    sol[a][b] = c
    return matrix, sol


# origin: keon/algorithms/algorithms/dynamic_programming/rod_cut.py
_INT_MIN = -32767

# origin: keon/algorithms/algorithms/dynamic_programming/rod_cut.py
@public(([1, 5, 8, 9, 10, 17, 17, 20],), category='dynamic programming')
def cut_rod(price: list[int]) -> int:
    n = len(price)
    val = [0] * (n + 1)

    for i in range(1, n + 1):
        max_val = _INT_MIN
        for j in range(i):
            max_val = max(max_val, price[j] + val[i - j - 1])
        val[i] = max_val

    return val[n]


# origin: keon/algorithms/algorithms/math/combination.py (combination_keon, renamed from combination)
@public((5, 2), (4, 4), category='number theory')
def combination_keon(n: int, r: int) -> int:
    if n == r or r == 0:
        return 1
    return combination_keon(n - 1, r - 1) + combination_keon(n - 1, r)


# origin: keon/algorithms/algorithms/math/euler_totient.py
@public((21,), (1,), (97,), category='number theory')
def euler_totient(n: int) -> int:
    result = n
    for i in range(2, int(n**0.5) + 1):
        if n % i == 0:
            while n % i == 0:
                n //= i
            result -= result // i
    if n > 1:
        result -= result // n
    return result


# origin: keon/algorithms/algorithms/math/extended_gcd.py (extended_gcd_keon, renamed from extended_gcd)
@public((8, 12), (7, 5), category='number theory',
        note='float32: true division; eager and jit round 8 - (8/12)*12 differently (XLA fuses '
             'a multiply-add), so `r != 0` ends the loop at another step; a hand-written '
             'lax.while_loop under jit gives the converted result')
def extended_gcd_keon(num1: int, num2: int) -> tuple[int, int, int]:
    old_s, s = 1, 0
    old_t, t = 0, 1
    old_r, r = num1, num2

    while r != 0:
        quotient = old_r / r

        old_r, r = r, old_r - quotient * r
        old_s, s = s, old_s - quotient * s
        old_t, t = t, old_t - quotient * t

    return old_s, old_t, old_r


# origin: keon/algorithms/algorithms/math/gcd.py
def trailing_zero(x: int) -> int:
    count = 0
    while x and not x & 1:
        count += 1
        x >>= 1
    return count


# origin: keon/algorithms/algorithms/math/gcd.py
@public((8, 12), (7, 5), (48, 180), category='number theory')
def gcd_bit(a: int, b: int) -> int:
    tza = trailing_zero(a)
    tzb = trailing_zero(b)
    a >>= tza
    b >>= tzb
    while b:
        if a < b:
            a, b = b, a
        a -= b
        a >>= trailing_zero(a)
    return a << min(tza, tzb)


# origin: keon/algorithms/algorithms/math/hailstone.py
@public((10,), (1,), category='sequences')
def hailstone(n: int) -> list[int]:
    sequence = [n]
    while n > 1:
        n = 3 * n + 1 if n % 2 != 0 else int(n / 2)
        sequence.append(n)
    return sequence


# origin: keon/algorithms/algorithms/math/krishnamurthy_number.py
def _find_factorial(n: int) -> int:
    fact = 1
    while n != 0:
        fact *= n
        n -= 1
    return fact


# origin: keon/algorithms/algorithms/math/krishnamurthy_number.py
@public((145,), (357,), (0,), category='number theory')
def krishnamurthy_number(n: int) -> bool:
    if n == 0:
        return False
    sum_of_digits = 0
    temp = n

    while temp != 0:
        sum_of_digits += _find_factorial(temp % 10)
        temp //= 10

    return sum_of_digits == n


# origin: keon/algorithms/algorithms/math/magic_number.py
@public((50113,), (1234,), (199,), category='number theory')
def magic_number(n: int) -> bool:
    total_sum = 0

    while n > 0 or total_sum > 9:
        if n == 0:
            n = total_sum
            total_sum = 0
        total_sum += n % 10
        n //= 10

    return total_sum == 1


# origin: keon/algorithms/algorithms/math/modular_exponential.py (modular_exponential_keon, renamed from modular_exponential)
@public((5, 117, 19), (2, 0, 7), category='number theory')
def modular_exponential_keon(base: int, exponent: int, mod: int) -> int:
    if exponent < 0:
        raise ValueError("Exponent must be positive.")
    base %= mod
    result = 1

    while exponent > 0:
        if exponent & 1:
            result = (result * base) % mod
        exponent = exponent >> 1
        base = (base * base) % mod

    return result


# origin: keon/algorithms/algorithms/math/modular_inverse.py
def _extended_gcd(a: int, b: int) -> tuple[int, int, int]:
    old_s, s = 1, 0
    old_t, t = 0, 1
    old_r, r = a, b

    while r != 0:
        quotient = old_r // r

        old_r, r = r, old_r - quotient * r
        old_s, s = s, old_s - quotient * s
        old_t, t = t, old_t - quotient * t

    return old_s, old_t, old_r


# origin: keon/algorithms/algorithms/math/modular_inverse.py
@public((2, 19), (3, 11), category='number theory')
def modular_inverse(a: int, m: int) -> int:
    s, _, g = _extended_gcd(a, m)
    if g != 1:
        raise ValueError("a and m must be coprime")
    return s % m


# origin: keon/algorithms/algorithms/math/next_perfect_square.py
@public((121.0,), (15.0,), category='number theory')
def find_next_square(sq: float) -> float:
    root = sq**0.5
    if root.is_integer():
        return (root + 1) ** 2
    return -1


# origin: keon/algorithms/algorithms/math/next_perfect_square.py
@public((121.0,), (15.0,), category='number theory')
def find_next_square2(sq: float) -> float:
    root = sq**0.5
    return -1 if root % 1 else (root + 1) ** 2


# origin: keon/algorithms/algorithms/math/num_digits.py
@public((12,), (-254,), (0,), category='number theory')
def num_digits(n: int) -> int:
    n = abs(n)
    if n == 0:
        return 1
    return int(jnp.log10(n)) + 1


# origin: keon/algorithms/algorithms/math/num_perfect_squares.py
@public((9,), (10,), (12,), (31,), category='number theory')
def num_perfect_squares(number: int) -> int:
    if int(jnp.sqrt(number)) ** 2 == number:
        return 1

    while number > 0 and number % 4 == 0:
        number /= 4

    if number % 8 == 7:
        return 4

    for i in range(1, int(jnp.sqrt(number)) + 1):
        if int(jnp.sqrt(number - i**2)) ** 2 == number - i**2:
            return 2

    return 3


# origin: keon/algorithms/algorithms/math/power.py (power_keon, renamed from power)
@public((2, 3), (3, 5, 7), category='arithmetic')
def power_keon(a: int, n: int, mod: int | None = None) -> int:
    ans = 1
    while n:
        if n & 1:
            ans = ans * a
        a = a * a
        if mod:
            ans %= mod
            a %= mod
        n >>= 1
    return ans


# origin: keon/algorithms/algorithms/math/power.py
@public((2, 3), (3, 5, 7), category='arithmetic')
def power_recur(a: int, n: int, mod: int | None = None) -> int:
    if n == 0:
        ans = 1
    elif n == 1:
        ans = a
    else:
        ans = power_recur(a, n // 2, mod)
        ans = ans * ans
        if n % 2:
            ans = ans * a
    if mod:
        ans %= mod
    return ans


# origin: keon/algorithms/algorithms/math/prime_check.py
@public((1,), (7,), (25,), (97,), category='number theory')
def prime_check(n: int) -> bool:
    if n <= 1:
        return False
    if n == 2 or n == 3:
        return True
    if n % 2 == 0 or n % 3 == 0:
        return False
    j = 5
    while j * j <= n:
        if n % j == 0 or n % (j + 2) == 0:
            return False
        j += 6
    return True


# origin: keon/algorithms/algorithms/math/primes_sieve_of_eratosthenes.py
@public((10,), (2,), category='number theory')
def get_primes(n: int) -> list[int]:
    if n <= 0:
        raise ValueError("'n' must be a positive integer.")
    sieve_size = (n // 2 - 1) if n % 2 == 0 else (n // 2)
    sieve = [True for _ in range(sieve_size)]
    primes: list[int] = []
    if n >= 2:
        primes.append(2)
    for i in range(sieve_size):
        if sieve[i]:
            value_at_i = i * 2 + 3
            primes.append(value_at_i)
            for j in range(i, sieve_size, value_at_i):
                sieve[j] = False
    return primes


# origin: keon/algorithms/algorithms/math/recursive_binomial_coefficient.py
@public((5, 2), (6, 6), category='number theory')
def recursive_binomial_coefficient(n: int, k: int) -> int:
    if k > n:
        raise ValueError("Invalid Inputs, ensure that n >= k")
    if k == 0 or n == k:
        return 1
    if k > n / 2:
        return recursive_binomial_coefficient(n, n - k)
    return int((n / k) * recursive_binomial_coefficient(n - 1, k - 1))


# origin: keon/algorithms/algorithms/math/sqrt_precision_factor.py (square_root_keon, renamed from square_root)
@public((5.0,), (0.25, 0.0001), category='numerical methods')
def square_root_keon(n: float, epsilon: float = 0.001) -> float:
    guess = n / 2

    while abs(guess * guess - n) > epsilon:
        guess = (guess + (n / guess)) / 2

    return guess


# origin: keon/algorithms/algorithms/math/find_order_simple.py
@public((3, 7), (2, 8), category='number theory')
def find_order(a: int, n: int) -> int:
    if (a == 1) & (n == 1):
        return 1
    if jnp.gcd(a, n) != 1:
        return -1
    for i in range(1, n):
        if pow(a, i) % n == 1:
            return i
    return -1


# origin: keon/algorithms/algorithms/math/distance_between_two_points.py
@public((0.0, 0.0, 3.0, 4.0), (1.0, 1.0, 1.0, 1.0), category='geometry')
def distance_between_two_points(x1: float, y1: float, x2: float, y2: float) -> float:
    return jnp.sqrt((x2 - x1) ** 2 + (y2 - y1) ** 2)


# origin: keon/algorithms/algorithms/math/linear_regression.py
@public(([1, 2, 3, 4, 5], [2, 4, 5, 4, 5]), ([0.0, 1.0], [1.0, 3.0]), category='statistics')
def linear_regression(x: list[float], y: list[float]) -> tuple[float, float]:
    n = len(x)
    if n != len(y) or n < 2:
        msg = "x and y must have at least 2 equal-length elements"
        raise ValueError(msg)
    sum_x = sum(x)
    sum_y = sum(y)
    sum_xy = sum(xi * yi for xi, yi in zip(x, y, strict=False))
    sum_x2 = sum(xi * xi for xi in x)
    denom = n * sum_x2 - sum_x * sum_x
    if denom == 0:
        msg = "Vertical line — slope is undefined"
        raise ValueError(msg)
    slope = (n * sum_xy - sum_x * sum_y) / denom
    intercept = (sum_y - slope * sum_x) / n
    return slope, intercept


# origin: keon/algorithms/algorithms/math/linear_regression.py
@public(([1, 2, 3, 4, 5], [2, 4, 5, 4, 5]), category='statistics')
def r_squared(x: list[float], y: list[float]) -> float:
    slope, intercept = linear_regression(x, y)
    y_mean = sum(y) / len(y)
    ss_tot = sum((yi - y_mean) ** 2 for yi in y)
    ss_res = sum(
        (yi - (slope * xi + intercept)) ** 2 for xi, yi in zip(x, y, strict=False)
    )
    if ss_tot == 0:
        return 1.0
    return 1.0 - ss_res / ss_tot


# origin: keon/algorithms/algorithms/math/linear_regression.py
@public(([1, 2, 3, 4, 5], [2, 4, 5, 4, 5]), category='statistics')
def rmse(x: list[float], y: list[float]) -> float:
    slope, intercept = linear_regression(x, y)
    n = len(y)
    return jnp.sqrt(
        sum((yi - (slope * xi + intercept)) ** 2 for xi, yi in zip(x, y, strict=False))
        / n
    )


# origin: keon/algorithms/algorithms/math/cosine_similarity.py
@public(([1.0, 2.0, 2.0],), ([0.0],), category='geometry')
def _l2_distance(vec: list[float]) -> float:
    norm = 0.0
    for element in vec:
        norm += element * element
    norm = jnp.sqrt(norm)
    return norm


# origin: keon/algorithms/algorithms/math/manhattan_distance.py (manhattan_distance_keon, renamed from manhattan_distance)
@public(([1.0, 2.0], [4.0, 6.0]), ([0.0], [0.0]), category='geometry')
def manhattan_distance_keon(a: tuple[float, ...], b: tuple[float, ...]) -> float:
    return sum(abs(x - y) for x, y in zip(a, b, strict=False))


# origin: keon/algorithms/algorithms/math/polynomial_division.py
@public(([1.0, -3.0, 2.0], [1.0, -1.0]), ([1.0, 0.0, -1.0], [1.0, 1.0]), category='numerical methods')
def polynomial_division(
    dividend: list[float], divisor: list[float]
) -> tuple[list[float], list[float]]:
    if not divisor or all(c == 0 for c in divisor):
        msg = "Cannot divide by zero polynomial"
        raise ZeroDivisionError(msg)
    dividend = [float(c) for c in dividend]
    divisor = [float(c) for c in divisor]
    remainder = list(dividend)
    quotient: list[float] = []
    divisor_lead = divisor[0]
    len_diff = len(dividend) - len(divisor)
    for i in range(len_diff + 1):
        coeff = remainder[i] / divisor_lead
        quotient.append(coeff)
        for j in range(len(divisor)):
            remainder[i + j] -= coeff * divisor[j]
    # The remainder is the tail of the array
    remainder = remainder[len_diff + 1 :]
    if not remainder:
        remainder = [0.0]
    return quotient, remainder


# origin: keon/algorithms/algorithms/math/gcd.py (gcd_keon, renamed from gcd)
def gcd_keon(a: int, b: int) -> int:
    a_int = isinstance(a, int)
    b_int = isinstance(b, int)
    a = abs(a)
    b = abs(b)
    if not (a_int or b_int):
        raise ValueError("Input arguments are not integers")

    if (a == 0) or (b == 0):
        raise ValueError("One or more input arguments equals zero")

    while b != 0:
        a, b = b, a % b
    return a


# origin: keon/algorithms/algorithms/math/chinese_remainder_theorem.py
def _check_coprime(list_to_check: list[int]) -> bool:
    for ind, num in enumerate(list_to_check):
        for num2 in list_to_check[ind + 1 :]:
            if gcd_keon(num, num2) != 1:
                return False
    return True


# origin: keon/algorithms/algorithms/math/chinese_remainder_theorem.py
@public(([3, 5, 7], [2, 3, 2]), ([5, 7], [1, 3]), category='number theory')
def solve_chinese_remainder(nums: list[int], rems: list[int]) -> int:
    if not len(nums) == len(rems):
        raise Exception("nums and rems should have equal length")
    if not len(nums) > 0:
        raise Exception("Lists nums and rems need to contain at least one element")
    for num in nums:
        if not num > 1:
            raise Exception("All numbers in nums needs to be > 1")
    if not _check_coprime(nums):
        raise Exception("All pairs of numbers in nums are not coprime")
    k = len(nums)
    x = 1
    while True:
        i = 0
        while i < k:
            if x % nums[i] != rems[i]:
                break
            i += 1
        if i == k:
            return x
        x += 1


# origin: keon/algorithms/algorithms/searching/binary_search.py (binary_search_keon, renamed from binary_search)
@public(([1, 2, 3, 5, 8], 5), ([1, 2, 3, 5, 8], 4), category='searching')
def binary_search_keon(array: list[int], query: int) -> int:
    low, high = 0, len(array) - 1
    while low <= high:
        mid = low + (high - low) // 2
        val = array[mid]
        if val == query:
            return mid
        if val < query:
            low = mid + 1
        else:
            high = mid - 1
    return -1


# origin: keon/algorithms/algorithms/searching/binary_search.py
@public(([1, 2, 3, 5, 8], 0, 4, 5), ([1, 2, 3, 5, 8], 0, 4, 4), category='searching')
def binary_search_recur(array: list[int], low: int, high: int, val: int) -> int:
    if low > high:
        return -1
    mid = low + (high - low) // 2
    if val < array[mid]:
        return binary_search_recur(array, low, mid - 1, val)
    if val > array[mid]:
        return binary_search_recur(array, mid + 1, high, val)
    return mid


# origin: keon/algorithms/algorithms/searching/exponential_search.py (exponential_search_keon, renamed from exponential_search)
@public(([1, 2, 3, 5, 8, 13, 21], 13), ([1, 2, 3], 4), category='searching')
def exponential_search_keon(arr: list[int], target: int) -> int:
    if not arr:
        return -1
    if arr[0] == target:
        return 0
    bound = 1
    while bound < len(arr) and arr[bound] <= target:
        bound *= 2
    low = bound // 2
    high = min(bound, len(arr) - 1)
    while low <= high:
        mid = (low + high) // 2
        if arr[mid] == target:
            return mid
        elif arr[mid] < target:
            low = mid + 1
        else:
            high = mid - 1
    return -1


# origin: keon/algorithms/algorithms/searching/find_min_rotate.py
@public(([4, 5, 6, 7, 0, 1, 2],), ([1, 2, 3],), category='searching')
def find_min_rotate(array: list[int]) -> int:
    low = 0
    high = len(array) - 1
    while low < high:
        mid = (low + high) // 2
        if array[mid] > array[high]:
            low = mid + 1
        else:
            high = mid
    return array[low]


# origin: keon/algorithms/algorithms/searching/find_min_rotate.py
@public(([4, 5, 6, 7, 0, 1, 2], 0, 6), category='searching')
def find_min_rotate_recur(array: list[int], low: int, high: int) -> int:
    mid = (low + high) // 2
    if mid == low:
        return array[low]
    if array[mid] > array[high]:
        return find_min_rotate_recur(array, mid + 1, high)
    return find_min_rotate_recur(array, low, mid)


# origin: keon/algorithms/algorithms/searching/first_occurrence.py
@public(([1, 2, 2, 2, 3, 4], 2), ([1, 2, 3], 5), category='searching')
def first_occurrence(array: list[int], query: int) -> int:
    low, high = 0, len(array) - 1
    while low <= high:
        mid = low + (high - low) // 2
        if low == high:
            break
        if array[mid] < query:
            low = mid + 1
        else:
            high = mid
    if array[low] == query:
        return low
    return -1


# origin: keon/algorithms/algorithms/searching/last_occurrence.py
@public(([1, 2, 2, 2, 3, 4], 2), ([1, 2, 3], 5), category='searching')
def last_occurrence(array: list[int], query: int) -> int:
    low, high = 0, len(array) - 1
    while low <= high:
        mid = (high + low) // 2
        if (array[mid] == query and mid == len(array) - 1) or (
            array[mid] == query and array[mid + 1] > query
        ):
            return mid
        if array[mid] <= query:
            low = mid + 1
        else:
            high = mid - 1
    return -1


# origin: keon/algorithms/algorithms/searching/generalized_binary_search.py
@public((0, 100, lambda x: x * x >= 50), (0, 10, lambda x: x > 20), category='searching')
def binary_search_first_true(
    low: int,
    high: int,
    predicate: Callable[[int], bool],
) -> int:
    result = -1

    while low <= high:
        mid = low + (high - low) // 2

        if predicate(mid):
            result = mid
            high = mid - 1
        else:
            low = mid + 1

    return result


# origin: keon/algorithms/algorithms/searching/interpolation_search.py (interpolation_search_keon, renamed from interpolation_search)
@public(([-25, -12, -1, 10, 12, 15, 20, 41, 55], -1), ([5, 10, 12, 14, 17, 20, 21], 55), category='searching')
def interpolation_search_keon(array: list[int], search_key: int) -> int:
    high = len(array) - 1
    low = 0

    while (low <= high) and (array[low] <= search_key <= array[high]):
        pos = low + int(
            ((search_key - array[low]) * (high - low)) / (array[high] - array[low])
        )

        if array[pos] == search_key:
            return pos

        if array[pos] < search_key:
            low = pos + 1
        else:
            high = pos - 1

    return -1


# origin: keon/algorithms/algorithms/searching/jump_search.py
@public(([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 7), ([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 11), ([1, 3, 5, 7, 9], 4), category='searching')
def jump_search(array: list[int], target: int) -> int:
    length = len(array)
    block_size = int(jnp.sqrt(length))
    block_prev = 0
    block = block_size

    if array[length - 1] < target:
        return -1
    while block <= length and array[block - 1] < target:
        block_prev = block
        block += block_size

    while array[block_prev] < target:
        block_prev += 1
        if block_prev == min(block, length):
            return -1

    if array[block_prev] == target:
        return block_prev
    return -1


# origin: keon/algorithms/algorithms/searching/search_insert.py
@public(([1, 3, 5, 6], 5), ([1, 3, 5, 6], 2), ([1, 3, 5, 6], 7), category='searching')
def search_insert(array: list[int], val: int) -> int:
    low = 0
    high = len(array) - 1
    while low <= high:
        mid = low + (high - low) // 2
        if val > array[mid]:
            low = mid + 1
        else:
            high = mid - 1
    return low


# origin: keon/algorithms/algorithms/searching/search_range.py
@public(([5, 7, 7, 8, 8, 8, 10], 8), ([5, 7, 7, 8, 8, 8, 10], 11), category='searching')
def search_range(nums: list[int], target: int) -> list[int]:
    low = 0
    high = len(nums) - 1

    while low < high:
        mid = low + (high - low) // 2
        if target <= nums[mid]:
            high = mid
        else:
            low = mid + 1

    for j in range(len(nums) - 1, -1, -1):
        if nums[j] == target:
            return [low, j]

    return [-1, -1]


# origin: keon/algorithms/algorithms/searching/search_rotate.py
@public(([15, 16, 19, 20, 25, 1, 3, 4, 5, 7, 10, 14], 5), ([15, 16, 19, 20, 25, 1, 3, 4, 5, 7, 10, 14], 99), category='searching')
def search_rotate(array: list[int], val: int) -> int:
    low, high = 0, len(array) - 1
    while low <= high:
        mid = (low + high) // 2
        if val == array[mid]:
            return mid

        if array[low] <= array[mid]:
            if array[low] <= val <= array[mid]:
                high = mid - 1
            else:
                low = mid + 1
        else:
            if array[mid] <= val <= array[high]:
                low = mid + 1
            else:
                high = mid - 1

    return -1


# origin: keon/algorithms/algorithms/searching/search_rotate.py
@public(([15, 16, 19, 20, 25, 1, 3, 4, 5, 7, 10, 14], 0, 11, 5), category='searching')
def search_rotate_recur(
    array: list[int],
    low: int,
    high: int,
    val: int,
) -> int:
    if low >= high:
        return -1
    mid = (low + high) // 2
    if val == array[mid]:
        return mid
    if array[low] <= array[mid]:
        if array[low] <= val <= array[mid]:
            return search_rotate_recur(array, low, mid - 1, val)
        return search_rotate_recur(array, mid + 1, high, val)
    if array[mid] <= val <= array[high]:
        return search_rotate_recur(array, mid + 1, high, val)
    return search_rotate_recur(array, low, mid - 1, val)


# origin: keon/algorithms/algorithms/searching/sentinel_search.py
@public(([1, 2, 3, 4, 5], 4), ([1, 2, 3, 4, 5], 9), category='searching')
def sentinel_search(arr: list[int], target: int) -> int:
    n = len(arr)
    if n == 0:
        return -1
    last = arr[-1]
    arr[-1] = target
    i = 0
    while arr[i] != target:
        i += 1
    arr[-1] = last
    if i < n - 1 or arr[-1] == target:
        return i
    return -1


# origin: keon/algorithms/algorithms/searching/ternary_search.py (ternary_search_keon, renamed from ternary_search)
@public((0, 8, 17, [1, 2, 3, 5, 8, 13, 17, 21, 34]), (0, 8, 4, [1, 2, 3, 5, 8, 13, 17, 21, 34]), category='searching')
def ternary_search_keon(left: int, right: int, key: int, array: list[int]) -> int:
    while right >= left:
        mid1 = left + (right - left) // 3
        mid2 = right - (right - left) // 3

        if key == array[mid1]:
            return mid1
        if key == array[mid2]:
            return mid2

        if key < array[mid1]:
            right = mid1 - 1
        elif key > array[mid2]:
            left = mid2 + 1
        else:
            left = mid1 + 1
            right = mid2 - 1

    return -1


# origin: keon/algorithms/algorithms/searching/two_sum.py (two_sum_sorted, renamed from two_sum)
@public(([2, 7, 11, 15], 9), ([1, 2, 3], 10), category='searching')
def two_sum_sorted(numbers: list[int], target: int) -> list[int] | None:
    for i, number in enumerate(numbers):
        second_val = target - number
        low, high = i + 1, len(numbers) - 1
        while low <= high:
            mid = low + (high - low) // 2
            if second_val == numbers[mid]:
                return [i + 1, mid + 1]
            if second_val > numbers[mid]:
                low = mid + 1
            else:
                high = mid - 1
    return None


# origin: keon/algorithms/algorithms/searching/two_sum.py
@public(([2, 7, 11, 15], 9), ([1, 2, 3], 10), category='searching')
def two_sum2(numbers: list[int], target: int) -> list[int] | None:
    left = 0
    right = len(numbers) - 1
    while left < right:
        current_sum = numbers[left] + numbers[right]
        if current_sum == target:
            return [left + 1, right + 1]
        if current_sum > target:
            right = right - 1
        else:
            left = left + 1
    return None


# origin: keon/algorithms/algorithms/sorting/bead_sort.py
@public(([5, 3, 1, 7, 4, 1, 1, 20],), ([0, 2, 1],), category='sorting')
def bead_sort(array: list[int]) -> list[int]:
    if any(num < 0 for num in array):
        raise ValueError("Bead sort only works with non-negative integers.")

    max_value = max(array) if array else 0
    grid = [[0] * len(array) for _ in range(max_value)]

    # Drop beads (place beads in columns)
    for col, num in enumerate(array):
        for row in range(num):
            grid[row][col] = 1

    # Let the beads "fall" (count beads in each row)
    for row in grid:
        bead_count = sum(row)
        for col in range(len(array)):
            row[col] = 1 if col < bead_count else 0

    # Read sorted values from the grid (rightmost column has fewest beads)
    n = len(array)
    sorted_array = [0] * n
    for col in range(n):
        sorted_array[col] = sum(grid[row][n - 1 - col] for row in range(max_value))
    return sorted_array


# origin: keon/algorithms/algorithms/sorting/bitonic_sort.py
def _compare(array: list[int], reverse: bool) -> list[int]:
    half = len(array) // 2
    for i in range(half):
        if reverse != (array[i] > array[i + half]):
            array[i], array[i + half] = array[i + half], array[i]
    return array


# origin: keon/algorithms/algorithms/sorting/bitonic_sort.py
def _bitonic_merge(array: list[int], reverse: bool) -> list[int]:
    n = len(array)
    if n <= 1:
        return array

    array = _compare(array, reverse)
    left = _bitonic_merge(array[: n // 2], reverse)
    right = _bitonic_merge(array[n // 2 :], reverse)
    return left + right


# origin: keon/algorithms/algorithms/sorting/bitonic_sort.py
@public(([4, 3, 2, 1, 8, 7, 6, 5],), category='sorting')
def bitonic_sort(array: list[int], reverse: bool = False) -> list[int]:
    n = len(array)
    if n <= 1:
        return array
    if not (n and not (n & (n - 1))):
        raise ValueError("the size of input should be power of two")

    left = bitonic_sort(array[: n // 2], True)
    right = bitonic_sort(array[n // 2 :], False)
    return _bitonic_merge(left + right, reverse)


# origin: keon/algorithms/algorithms/sorting/bubble_sort.py (bubble_sort_keon, renamed from bubble_sort)
@public(([5, 1, 4, 2, 8],), category='sorting')
def bubble_sort_keon(array: list[int]) -> list[int]:
    n = len(array)
    swapped = True
    passes = 0
    while swapped:
        swapped = False
        for i in range(1, n - passes):
            if array[i - 1] > array[i]:
                array[i - 1], array[i] = array[i], array[i - 1]
                swapped = True
        passes += 1
    return array


# origin: keon/algorithms/algorithms/sorting/cycle_sort.py (cycle_sort_keon, renamed from cycle_sort)
@public(([3, 1, 2, 3, 0],), category='sorting')
def cycle_sort_keon(array: list[int]) -> list[int]:
    length = len(array)

    for start in range(length - 1):
        item = array[start]

        # Count how many elements are smaller to find the correct position
        position = start
        for i in range(start + 1, length):
            if array[i] < item:
                position += 1

        # No cycle needed for this element
        if position == start:
            continue

        # Skip duplicates
        while item == array[position]:
            position += 1
        array[position], item = item, array[position]

        # Rotate the rest of the cycle
        while position != start:
            position = start
            for i in range(start + 1, length):
                if array[i] < item:
                    position += 1

            while item == array[position]:
                position += 1
            array[position], item = item, array[position]

    return array


# origin: keon/algorithms/algorithms/sorting/gnome_sort.py (gnome_sort_keon, renamed from gnome_sort)
@public(([34, 2, 10, -9],), category='sorting')
def gnome_sort_keon(array: list[int]) -> list[int]:
    n = len(array)
    index = 0
    while index < n:
        if index == 0 or array[index] >= array[index - 1]:
            index += 1
        else:
            array[index], array[index - 1] = array[index - 1], array[index]
            index -= 1
    return array


# origin: keon/algorithms/algorithms/sorting/heap_sort.py
def _max_heapify(array: list[int], end: int) -> None:
    last_parent = (end - 1) // 2

    for parent in range(last_parent, -1, -1):
        current = parent
        while current <= last_parent:
            child = 2 * current + 1
            if child + 1 <= end and array[child] < array[child + 1]:
                child += 1
            if array[child] > array[current]:
                array[current], array[child] = array[child], array[current]
                current = child
            else:
                break

    array[0], array[end] = array[end], array[0]


# origin: keon/algorithms/algorithms/sorting/heap_sort.py
@public(([3, 1, 4, 1, 5, 9, 2, 6],), category='sorting')
def max_heap_sort(array: list[int]) -> list[int]:
    for i in range(len(array) - 1, 0, -1):
        _max_heapify(array, i)
    return array


# origin: keon/algorithms/algorithms/sorting/insertion_sort.py (insertion_sort_keon, renamed from insertion_sort)
@public(([3, 1, 4, 1, 5, 9, 2, 6],), category='sorting')
def insertion_sort_keon(array: list[int]) -> list[int]:
    for i in range(len(array)):
        cursor = array[i]
        pos = i

        while pos > 0 and array[pos - 1] > cursor:
            array[pos] = array[pos - 1]
            pos -= 1
        array[pos] = cursor

    return array


# origin: keon/algorithms/algorithms/sorting/merge_sort.py
def _merge(left: list[int], right: list[int], merged: list[int]) -> None:
    left_cursor = 0
    right_cursor = 0

    while left_cursor < len(left) and right_cursor < len(right):
        if left[left_cursor] <= right[right_cursor]:
            merged[left_cursor + right_cursor] = left[left_cursor]
            left_cursor += 1
        else:
            merged[left_cursor + right_cursor] = right[right_cursor]
            right_cursor += 1

    for left_cursor in range(left_cursor, len(left)):  # noqa: B020
        merged[left_cursor + right_cursor] = left[left_cursor]

    for right_cursor in range(right_cursor, len(right)):  # noqa: B020
        merged[left_cursor + right_cursor] = right[right_cursor]


# origin: keon/algorithms/algorithms/sorting/merge_sort.py (merge_sort_keon, renamed from merge_sort)
@public(([3, 1, 4, 1, 5, 9, 2, 6],), category='sorting')
def merge_sort_keon(array: list[int]) -> list[int]:
    if len(array) <= 1:
        return array

    mid = len(array) // 2
    left = merge_sort_keon(array[:mid])
    right = merge_sort_keon(array[mid:])

    _merge(left, right, array)
    return array


# origin: keon/algorithms/algorithms/sorting/pigeonhole_sort.py
@public(([8, 3, 2, 7, 4, 6, 8],), category='sorting')
def pigeonhole_sort(array: list[int]) -> list[int]:
    max_value = max(array)
    min_value = min(array)
    size = max_value - min_value + 1

    holes = [0] * size
    for value in array:
        holes[value - min_value] += 1

    i = 0
    for count in range(size):
        while holes[count] > 0:
            holes[count] -= 1
            array[i] = count + min_value
            i += 1
    return array


# origin: keon/algorithms/algorithms/sorting/quick_sort.py
def _partition(array: list[int], first: int, last: int) -> int:
    wall = first
    for pos in range(first, last):
        if array[pos] < array[last]:
            array[pos], array[wall] = array[wall], array[pos]
            wall += 1
    array[wall], array[last] = array[last], array[wall]
    return wall


# origin: keon/algorithms/algorithms/sorting/quick_sort.py
def _quick_sort_recursive(array: list[int], first: int, last: int) -> None:
    if first < last:
        pivot = _partition(array, first, last)
        _quick_sort_recursive(array, first, pivot - 1)
        _quick_sort_recursive(array, pivot + 1, last)


# origin: keon/algorithms/algorithms/sorting/quick_sort.py (quick_sort_keon, renamed from quick_sort)
@public(([3, 1, 4, 1, 5, 9, 2, 6],), category='sorting')
def quick_sort_keon(array: list[int]) -> list[int]:
    _quick_sort_recursive(array, 0, len(array) - 1)
    return array


# origin: keon/algorithms/algorithms/sorting/radix_sort.py (radix_sort_keon, renamed from radix_sort)
@public(([170, 45, 75, 90, 802, 24, 2, 66],), category='sorting')
def radix_sort_keon(array: list[int]) -> list[int]:
    position = 1
    max_number = max(array)

    while position <= max_number:
        buckets: list[list[int]] = [[] for _ in range(10)]

        for num in array:
            digit = num // position % 10
            buckets[digit].append(num)

        index = 0
        for bucket in buckets:
            for num in bucket:
                array[index] = num
                index += 1

        position *= 10

    return array


# origin: keon/algorithms/algorithms/sorting/shell_sort.py (shell_sort_keon, renamed from shell_sort)
@public(([3, 1, 4, 1, 5, 9, 2, 6],), category='sorting')
def shell_sort_keon(array: list[int]) -> list[int]:
    n = len(array)
    gap = n // 2

    while gap > 0:
        y_index = gap
        while y_index < n:
            y = array[y_index]
            x_index = y_index - gap
            while x_index >= 0 and y < array[x_index]:
                array[x_index + gap] = array[x_index]
                x_index -= gap
            array[x_index + gap] = y
            y_index += 1
        gap //= 2

    return array


# origin: keon/algorithms/algorithms/sorting/sort_colors.py
@public(([2, 0, 2, 1, 1, 0],), category='sorting')
def sort_colors(array: list[int]) -> list[int]:
    red = white = 0
    for k in range(len(array)):
        value = array[k]
        array[k] = 2
        if value < 2:
            array[white] = 1
            white += 1
        if value == 0:
            array[red] = 0
            red += 1
    return array


# origin: keon/algorithms/algorithms/sorting/stooge_sort.py
def _stooge_sort(array: list[int], low: int, high: int) -> None:
    if low >= high:
        return

    if array[low] > array[high]:
        array[low], array[high] = array[high], array[low]

    if high - low + 1 > 2:
        third = (high - low + 1) // 3
        _stooge_sort(array, low, high - third)
        _stooge_sort(array, low + third, high)
        _stooge_sort(array, low, high - third)


# origin: keon/algorithms/algorithms/sorting/stooge_sort.py (stooge_sort_keon, renamed from stooge_sort)
@public(([3, 1, 4, 1, 5],), category='sorting')
def stooge_sort_keon(array: list[int]) -> list[int]:
    _stooge_sort(array, 0, len(array) - 1)
    return array


# origin: OmkarPathak/pygorithm/pygorithm/dynamic_programming/fractional_knapsack.py
@public(([60, 100, 120], [10, 20, 30], 50), category='dynamic programming')
def fractional_knapsack(value: list[int], weight: list[int], capacity: int) -> tuple[int, list[int]]:
    index = list(range(len(value)))
    ratio = [v / w for v, w in zip(value, weight)]
    index.sort(key=lambda i: ratio[i], reverse=True)

    max_value = 0
    fractions = [0] * len(value)
    for i in index:
        if weight[i] <= capacity:
            fractions[i] = 1
            max_value += value[i]
            capacity -= weight[i]
        else:
            fractions[i] = capacity / weight[i]
            max_value += value[i] * capacity / weight[i]
            break

    return max_value, fractions


# origin: OmkarPathak/pygorithm/pygorithm/dynamic_programming/lis.py (longest_increasing_subsequence_pyg, renamed from longest_increasing_subsequence)
@public(([10, 22, 9, 33, 21, 50, 41, 60],), category='dynamic programming')
def longest_increasing_subsequence_pyg(_list):
    # Initialize list with some value
    lis = [1] * len(_list)
    # list for storing the elements in an lis
    elements = [0] * len(_list)

    # Compute optimized LIS values in bottom up manner
    for i in range(1, len(_list)):
        for j in range(0, i):
            if _list[i] > _list[j] and lis[i] < lis[j] + 1:
                lis[i] = lis[j]+1
                elements[i] = j

    # find the maximum of the whole list and get its index in idx
    maximum = max(lis)
    idx = lis.index(maximum)

    # for printing the elements later
    seq = [_list[idx]]
    while idx != elements[idx]:
        idx = elements[idx]
        seq.append(_list[idx])

    return (maximum, seq[::-1])


# origin: OmkarPathak/pygorithm/pygorithm/dynamic_programming/min_cost_path.py
def calculate_path(i, j, matrix, s):
    if(s[i][j] > 0):
        #We have already calculated solution for i,j; return it.
        return s[i][j]

    m1 = calculate_path(i-1, j, matrix, s) + matrix[i][j] #Optimal solution for i-1, j (top)
    m2 = calculate_path(i, j-1, matrix, s) + matrix[i][j] #Optimal solution for i, j-1 (left)

    #Store and return the optimal (minimum) solution
    if(m1 < m2):
        s[i][j] = m1
        return m1
    else:
        s[i][j] = m2
        return m2


# origin: OmkarPathak/pygorithm/pygorithm/dynamic_programming/min_cost_path.py
@public(([[1, 2, 3], [4, 8, 2], [1, 5, 3]],), category='dynamic programming')
def find_path(matrix):
    l = len(matrix);
    #Initialize solution array.
    #A node of i, j in solution has an equivalent node of i, j in matrix
    s = [[0 for i in range(l)] for j in range(l)];

    #Initialize first node as its matrix equivalent
    s[0][0] = matrix[0][0]

    #Initialize first column as the matrix equivalent + the above solution
    for i in range(1, l):
        s[i][0] = matrix[i][0] + s[i-1][0]

    #Initialize first row as the matrix equivalent + the left solution
    for j in range(1, l):
        s[0][j] = matrix[0][j] + s[0][j-1]

    return calculate_path(l-1, l-1, matrix, s)


# origin: OmkarPathak/pygorithm/pygorithm/fibonacci/goldenratio.py (fib_golden_ratio, renamed from fib)
@public((10,), (1,), category='sequences')
def fib_golden_ratio(n):
    golden_ratio = (1 + jnp.sqrt(5)) / 2

    val = (golden_ratio ** n - (1 - golden_ratio) ** n) / jnp.sqrt(5)

    return int(val)


# origin: OmkarPathak/pygorithm/pygorithm/fibonacci/recursion.py (fib_sequence_recursion, renamed from get_sequence)
@public((5,), (0,), category='sequences')
def fib_sequence_recursion(n):
    def fib(num):
        if num <= 1:
            return num

        return fib(num - 1) + fib(num - 2)

    def sequence(num):
        return [fib(value) for value in range(num + 1)]

    return sequence(n)


# origin: OmkarPathak/pygorithm/pygorithm/math/GCD.py
@public((12, 18), (7, 0), category='number theory')
def find_gcd(x, y): 
      
    while(y): 
        x, y = y, x % y 
      
    return x 


# origin: OmkarPathak/pygorithm/pygorithm/math/lcm.py (lcm_pyg, renamed from lcm)
@public(([4, 6],), ([3, 5, 7],), category='number theory')
def lcm_pyg(_list):

    def __lcm(a, b):
        if a > b:
            greater = a
        else:
            greater = b

        while True:
            if greater % a == 0 and greater % b == 0:
                lcm_ = greater
                break
            greater += 1
        return lcm_

    return reduce(lambda x, y: __lcm(x, y), _list)


# origin: OmkarPathak/pygorithm/pygorithm/math/lcm_using_gcd.py (gcd_pyg, renamed from gcd)
def gcd_pyg(x, y):
    while y != 0:
        (x, y) = (y, x % y)
    return x


# origin: OmkarPathak/pygorithm/pygorithm/math/lcm_using_gcd.py
@public(([4, 6, 8],), ([5],), category='number theory')
def lcm_using_gcd(_list):
    lcm = _list[0]
    for element in _list:
        lcm = lcm * element / gcd_pyg(lcm, element)
    return lcm


# origin: OmkarPathak/pygorithm/pygorithm/math/sieve_of_eratosthenes.py
@public((10,), (2,), category='number theory')
def sieve_of_eratosthenes(n):
    primes = [True] * (n + 1)
    # because p is the smallest prime
    p = 2

    while p * p <= n:
        # if p is not marked as False, it is a prime
        if primes[p]:
            # mark all the multiples of number as False
            for i in range(p * 2, n + 1, p):
                primes[i] = False
        p += 1

    # getting all primes
    primes = [element for element in range(2, n + 1) if primes[element]]

    return primes


# origin: OmkarPathak/pygorithm/pygorithm/math/pascals_triangle.py
@public((5,), category='number theory')
def pascals_triangle(n):

    for line in range(1, n + 1):
        C = 1
        for i in range(1, line + 1):
            print(C, end = ' ')
            C = C * (line - i) // i
        print()


# origin: OmkarPathak/pygorithm/pygorithm/searching/linear_search.py (linear_search_pyg, renamed from search)
@public(([1, 3, 5, 7], 5), ([1, 3, 5, 7], 4), category='searching')
def linear_search_pyg(_list, target, initial_position=0):
    position = initial_position
    while position < len(_list):
        if target == _list[position]:
            return position
        position += 1
    return -1


# origin: OmkarPathak/pygorithm/pygorithm/searching/quick_select.py (partition_qs_pyg, renamed from partition)
def partition_qs_pyg(array, left, right, pivot):
    pivot_val = array[pivot]
    array[pivot], array[right] = array[right], array[pivot]
    store_index = left

    for i in range(left, right):
        if array[i] < pivot_val:
            array[store_index], array[i] = array[i], array[store_index]
            store_index += 1

    array[right], array[store_index] = array[store_index], array[right]
    return store_index


# origin: OmkarPathak/pygorithm/pygorithm/searching/quick_select.py (select_pyg, renamed from select)
def select_pyg(array, left, right, n):
    if left == right:
        return array[left]
    split = partition_qs_pyg(array, left, right, n)
    length = split - left + 1
    if length == n:
        return array[split]
    elif n < length:
        return select_pyg(array, left, split - 1, n)
    else:
        return select_pyg(array, split + 1, right, n - length)


# origin: OmkarPathak/pygorithm/pygorithm/searching/quick_select.py (quick_select_pyg, renamed from search)
@public(([7, 10, 4, 3, 20, 15], 3), ([7, 10, 4, 3, 20, 15], 1), category='searching')
def quick_select_pyg(array, n):
    return select_pyg(array, 0, len(array) - 1, n)


# origin: OmkarPathak/pygorithm/pygorithm/searching/exponential_search.py (binary_search_recursive_pyg, renamed from binary_search)
@public(([1, 2, 3, 4, 5], 0, 4, 4), ([1, 2, 3, 4, 5], 0, 4, 9), category='searching')
def binary_search_recursive_pyg(_list, left, right, target):
    if right >= left:
        mid = (left + right) // 2

        # if element is present at the mid itself
        if _list[mid] == target:
            return mid

        # If the element is smaller than mid, then it
        # can only be present in the left subarray
        if _list[mid] > target:
            return binary_search_recursive_pyg(_list, left, mid - 1, target)

        # Else the element can only be present in the right
        return binary_search_recursive_pyg(_list, mid + 1, right, target)

    return False


# origin: OmkarPathak/pygorithm/pygorithm/sorting/brick_sort.py
@public(([5, 3, 1, 4, 2],), category='sorting')
def brick_sort(arr):
    # Initially array is unsorted
    is_sorted = False
    while not is_sorted:
        is_sorted = True

        for i in range(1, len(arr) - 1, 2):
            if arr[i] > arr[i + 1]:
                arr[i], arr[i + 1] = arr[i + 1], arr[i]
                is_sorted = False

        for i in range(0, len(arr) - 1, 2):
            if arr[i] > arr[i + 1]:
                arr[i], arr[i + 1] = arr[i + 1], arr[i]
                is_sorted = False

    return arr


# origin: OmkarPathak/pygorithm/pygorithm/sorting/bubble_sort.py (bubble_sort_pyg, renamed from sort)
@public(([5, 3, 1, 4, 2],), category='sorting')
def bubble_sort_pyg(_list):
    for i in range(len(_list)):
        for j in range(len(_list) - 1, i, -1):
            if _list[j] < _list[j - 1]:
                _list[j], _list[j - 1] = _list[j - 1], _list[j]
    return _list


# origin: OmkarPathak/pygorithm/pygorithm/sorting/bubble_sort.py (bubble_sort_improved_pyg, renamed from improved_sort)
@public(([5, 3, 1, 4, 2],), ([1, 2, 3],), category='sorting')
def bubble_sort_improved_pyg(_list):
    for i in range(len(_list)):
        stop = True
        for j in range(len(_list) - 1, i, -1):
            if _list[j] < _list[j - 1]:
                stop = False
                _list[j], _list[j - 1] = _list[j - 1], _list[j]
        if stop:
            return _list
    return _list


# origin: OmkarPathak/pygorithm/pygorithm/sorting/cocktail_sort.py
@public(([5, 3, 1, 4, 2],), category='sorting')
def cocktail_sort(arr):
    swapped = True
    start = 0
    end = len(arr) - 1
    while swapped:
        # reset the swapped flag on entering the loop,
        # because it might be true from a previous
        # iteration.
        swapped = False

        # loop from left to right same as the bubble
        # sort
        for i in range(start, end):
            if arr[i] > arr[i + 1]:
                arr[i], arr[i + 1] = arr[i + 1], arr[i]
                swapped = True

        # if nothing moved, then array is sorted.
        if not swapped:
            break

        # otherwise, reset the swapped flag so that it
        # can be used in the next stage
        swapped = False

        # move the end point back by one, because
        # item at the end is in its rightful spot
        end -= 1

        # from right to left, doing the same
        # comparison as in the previous stage
        for i in range(end - 1, start - 1, -1):
            if arr[i] > arr[i + 1]:
                arr[i], arr[i + 1] = arr[i + 1], arr[i]
                swapped = True

        # increase the starting point, because
        # the last stage would have moved the next
        # smallest number to its rightful spot.
        start = start + 1

    return arr


# origin: OmkarPathak/pygorithm/pygorithm/sorting/counting_sort.py (counting_sort_pyg, renamed from sort)
@public(([5, 3, 1, 4, 2, 0],), category='sorting')
def counting_sort_pyg(_list):
    try:
        max_value = 0
        for i in range(len(_list)):
            if _list[i] > max_value:
                max_value = _list[i]

        buckets = [0] * (max_value + 1)

        for i in _list:
            buckets[i] += 1
        i = 0

        for j in range(max_value + 1):
            for a in range(buckets[j]):
                _list[i] = j
                i += 1

        return _list

    except TypeError as error:
        print('Counting Sort can only be applied to integers. {}'.format(error))


# origin: OmkarPathak/pygorithm/pygorithm/sorting/heap_sort.py
def shift_down(_list, start, end):
    root = start
    while root * 2 + 1 <= end:
        child = root * 2 + 1
        # right child exists and is greater than left child
        if child + 1 <= end and _list[child] < _list[child + 1]:
            child += 1
        # if child is greater than root(parent), then swap their positions
        if child <= end and _list[root] < _list[child]:
            _list[root], _list[child] = _list[child], _list[root]
            root = child
        else:
            return


# origin: OmkarPathak/pygorithm/pygorithm/sorting/heap_sort.py (heapify_pyg, renamed from heapify)
def heapify_pyg(_list):

    start = len(_list) // 2
    while start >= 0:
        shift_down(_list, start, len(_list) - 1)
        start -= 1


# origin: OmkarPathak/pygorithm/pygorithm/sorting/heap_sort.py (heap_sort_pyg, renamed from sort)
@public(([5, 3, 1, 4, 2],), category='sorting')
def heap_sort_pyg(_list):
    
    # create the heap
    heapify_pyg(_list)              
    end = len(_list) - 1
    while end > 0:
        _list[end], _list[0] = _list[0], _list[end]
        shift_down(_list, 0, end - 1)
        end -= 1
    return _list


# origin: OmkarPathak/pygorithm/pygorithm/sorting/insertion_sort.py (insertion_sort_pyg, renamed from sort)
@public(([5, 3, 1, 4, 2],), category='sorting')
def insertion_sort_pyg(_list):
    for i in range(1, len(_list)):
        current_number = _list[i]
        for j in range(i - 1, -1, -1):
            if _list[j] > current_number:
                _list[j], _list[j + 1] = _list[j + 1], _list[j]
            else:
                _list[j + 1] = current_number
                break
    return _list


# origin: OmkarPathak/pygorithm/pygorithm/sorting/merge_sort.py (merge_pyg, renamed from merge)
def merge_pyg(a, b):
    c = []
    while len(a) != 0 and len(b) != 0:
        if a[0] < b[0]:
            c.append(a[0])
            a.remove(a[0])
        else:
            c.append(b[0])
            b.remove(b[0])
    if len(a) == 0:
        c += b
    else:
        c += a
    return c


# origin: OmkarPathak/pygorithm/pygorithm/sorting/merge_sort.py (merge_sort_pyg, renamed from sort)
@public(([5, 3, 1, 4, 2],), category='sorting')
def merge_sort_pyg(_list):
    if len(_list) == 0 or len(_list) == 1:
        return list(_list)
    else:
        middle = len(_list)//2
        a = merge_sort_pyg(_list[:middle])
        b = merge_sort_pyg(_list[middle:])
        return merge_pyg(a, b)


# origin: OmkarPathak/pygorithm/pygorithm/sorting/quick_sort.py (quick_sort_pyg, renamed from sort)
@public(([5, 3, 1, 4, 2],), category='sorting')
def quick_sort_pyg(_list):
    if len(_list) <= 1:
        return list(_list)
    pivot = _list[len(_list) // 2]
    left = [x for x in _list if x < pivot]
    middle = [x for x in _list if x == pivot]
    right = [x for x in _list if x > pivot]
    return quick_sort_pyg(left) + middle + quick_sort_pyg(right)


# origin: OmkarPathak/pygorithm/pygorithm/sorting/selection_sort.py (selection_sort_pyg, renamed from sort)
@public(([5, 3, 1, 4, 2],), category='sorting')
def selection_sort_pyg(_list):

    # For iterating n - 1 times
    for i in range(len(_list) - 1):
        minimum = i

        # Compare i and i + 1 element
        for j in range(i + 1, len(_list)):
            if _list[j] < _list[minimum]:
                minimum = j
        if minimum != i:
            _list[i], _list[minimum] = _list[minimum], _list[i]
    return _list


# origin: OmkarPathak/pygorithm/pygorithm/sorting/shell_sort.py (shell_sort_pyg, renamed from sort)
@public(([5, 3, 1, 4, 2],), category='sorting')
def shell_sort_pyg(_list):
    gap = len(_list) // 2
    while gap > 0:
        for i in range(gap, len(_list)):
            current_item = _list[i]
            j = i
            while j >= gap and _list[j - gap] > current_item:
                _list[j] = _list[j - gap]
                j -= gap
            _list[j] = current_item
        gap //= 2

    return _list


# origin: OmkarPathak/pygorithm/pygorithm/sorting/tim_sort.py
def inplace_insertion_sort(arr, start_ind, end_ind):
    for i in range(start_ind + 1, end_ind):
        current_number = arr[i]

        for j in range(i - 1, start_ind - 1, -1):
            if arr[j] > current_number:
                arr[j], arr[j + 1] = arr[j + 1], arr[j]
            else:
                arr[j + 1] = current_number
                break


# origin: OmkarPathak/pygorithm/pygorithm/sorting/tim_sort.py (merge_tim_pyg, renamed from merge)
def merge_tim_pyg(arr, left, mid, right):
    # original array is broken in two parts
    # left and right array
    left_arr = arr[left:mid]
    right_arr = arr[mid:right]

    left_pos = 0
    right_pos = 0
    arr_ind = left
    # after comparing, we merge_tim_pyg those two array
    # in larger sub array
    while left_pos < len(left_arr) and right_pos < len(right_arr):
        if left_arr[left_pos] <= right_arr[right_pos]:
            arr[arr_ind] = left_arr[left_pos]
            left_pos += 1
        else:
            arr[arr_ind] = right_arr[right_pos]
            right_pos += 1

        arr_ind += 1

    # copy remaining elements of left, if any
    for i in range(left_pos, len(left_arr)):
        arr[arr_ind] = left_arr[i]
        arr_ind += 1

    # copy remaining element of right, if any
    for i in range(right_pos, len(right_arr)):
        arr[arr_ind] = right_arr[i]
        arr_ind += 1


# origin: OmkarPathak/pygorithm/pygorithm/sorting/tim_sort.py
@public(([5, 3, 1, 4, 2, 9, 8],), category='sorting')
def tim_sort(arr, run=32):

    # Sort individual subarrays of size run

    for i in range(0, len(arr), run):
        inplace_insertion_sort(arr, i, min(i + run, len(arr)))

    # start merging from size RUN (or 32). It will merge_tim_pyg
    # to form size 64, then 128, 256 and so on ....
    size = run
    while size < len(arr):
        # pick starting point of left sub array. We
        # are going to merge_tim_pyg arr[left..left+size-1]
        # and arr[left+size, left+2*size-1]
        # After every merge_tim_pyg, we increase left by 2*size
        for left in range(0, len(arr), 2 * size):
            # find ending point of left sub array
            # mid+1 is starting point of right sub array
            mid = left + size
            right = min(left + (2 * size), len(arr))

            # merge_tim_pyg sub array arr[left.....mid] &
            # arr[mid+1....right]
            merge_tim_pyg(arr, left, mid, right)

        size = 2 * size
    return arr


# origin: djeada/Numerical-Methods/src/1_root_and_extrema_finding/bisection_search/implementation/bisection_search.py
@public((lambda x: x ** 2 - 2.0, 0.0, 2.0, 1e-05), (lambda x: x - 1.0, 1.0, 3.0), category='numerical methods')
def bisection_search(
    f: Callable[[float], float],
    a: float,
    b: float,
    tol: float = 1e-8,
    max_iterations: int = 1000,
) -> float:
    fa: float = f(a)
    fb: float = f(b)

    # Check if either endpoint is a root
    if jnp.abs(fa) < tol:
        return a
    if jnp.abs(fb) < tol:
        return b

    if fa * fb > 0:
        raise ValueError("Function must have opposite signs at endpoints a and b.")

    for _ in range(max_iterations):
        c: float = (a + b) / 2
        fc: float = f(c)

        if jnp.abs(fc) < tol or (b - a) / 2 < tol:
            return c

        if fa * fc < 0:
            b, fb = c, fc
        else:
            a, fa = c, fc

    raise ValueError(
        "Bisection method did not converge within the maximum number of iterations."
    )


# origin: djeada/Numerical-Methods/src/1_root_and_extrema_finding/golden_ratio_search/implementation/golden_ratio_search.py
@public((lambda x: x - 1.0, 0.0, 3.0, 1e-05), category='numerical methods')
def golden_ratio_search(
    f: Callable[[float], float],
    a: float,
    b: float,
    tol: float = 1e-8,
    max_iterations: int = 1000,
) -> float:
    f_mod = lambda x: (f(x)) ** 2
    gr = (jnp.sqrt(5) + 1) / 2
    c = b - (b - a) / gr
    d = a + (b - a) / gr
    for _ in range(max_iterations):
        fc = f_mod(c)
        fd = f_mod(d)
        if fc < fd:
            b, d = d, c
            c = b - (b - a) / gr
        elif fc > fd:
            a, c = c, d
            d = a + (b - a) / gr
        else:
            # If fc == fd, return the midpoint
            return (a + b) / 2
        if jnp.abs(b - a) < tol:
            return (b + a) / 2
    raise ValueError(
        "Golden ratio search did not converge within the maximum number of iterations."
    )


# origin: djeada/Numerical-Methods/src/1_root_and_extrema_finding/newton_raphson/implementation/newton_raphson.py (newton_raphson_dj, renamed from newton_raphson)
@public((lambda x: x ** 2 - 2.0, lambda x: 2 * x, 1.0, 1e-06), (lambda x: x ** 3 - 8.0, lambda x: 3 * x ** 2, 3.0, 1e-06), category='numerical methods')
def newton_raphson_dj(
    f: Callable[[float], float],
    df: Callable[[float], float],
    x0: float,
    tol: float = 1e-8,
    max_iterations: int = 1000,
) -> float:
    x = x0
    for iteration in range(1, max_iterations + 1):
        fx = f(x)
        dfx = df(x)
        if jnp.isclose(dfx, 0.0, atol=1e-12):
            raise ValueError(f"Derivative is zero at iteration {iteration}, x = {x}.")
        x_new = x - fx / dfx
        if jnp.abs(x_new - x) < tol:
            return x_new
        x = x_new
    raise ValueError(
        "Newton-Raphson method did not converge within the maximum number of iterations."
    )


# origin: djeada/Numerical-Methods/src/1_root_and_extrema_finding/relaxation_method/implementation/relaxation_method.py
@public((lambda x: jnp.cos(x), 1.0, None, 1e-05, 200), category='numerical methods')
def relaxation_method(
    func: Callable[[float], float],
    initial_guess: float,
    omega: float = None,
    tol: float = 1e-6,
    max_iterations: int = 100000,
) -> float:
    x = initial_guess
    delta = 1e-8
    for _ in range(max_iterations):
        f_prime = (func(x + delta) - func(x - delta)) / (2 * delta)
        if abs(f_prime) >= 1:
            if f_prime == 0:
                return jnp.nan
            omega = -1.0 / f_prime
        else:
            omega = 1.0
        x_new = (1 - omega) * x + omega * func(x)
        if jnp.abs(x_new - x) < tol:
            return x_new
        x = x_new
    return x


# origin: djeada/Numerical-Methods/src/1_root_and_extrema_finding/secant_method/implementation/secant_method.py (secant_method_dj, renamed from secant_method)
@public((lambda x: x ** 2 - 2.0, 1.0, 2.0, 1e-05, 100), category='numerical methods')
def secant_method_dj(
    f: Callable[[float], float],
    x0: float,
    x1: float,
    tol: float = 1e-6,
    max_iterations: int = 100000,
) -> float:
    for _ in range(max_iterations):
        f_x0 = f(x0)
        f_x1 = f(x1)
        denominator = f_x1 - f_x0
        if jnp.isclose(denominator, 0.0):
            raise ValueError("Denominator is zero. Division by zero encountered.")
        x2 = x1 - f_x1 * (x1 - x0) / denominator
        if jnp.abs(x2 - x1) < tol:
            return x2
        x0, x1 = x1, x2
    raise ValueError(
        "Secant method did not converge within the maximum number of iterations."
    )


# origin: djeada/Numerical-Methods/src/1_root_and_extrema_finding/gradient_descent/implementation/gradient_descent.py
@public((lambda x: (x ** 2).sum(), lambda x: 2 * x, [1.0, -2.0], 0.1, 1e-03, 500), category='numerical methods')
def gradient_descent(
    f: Callable[[jnp.ndarray], float],
    grad_f: Callable[[jnp.ndarray], jnp.ndarray],
    x0: jnp.ndarray,
    learning_rate: float = 0.01,
    tol: float = 1e-6,
    max_iterations: int = 1000,
) -> jnp.ndarray:
    x = x0.astype(float)
    for _ in range(max_iterations):
        grad = grad_f(x)
        grad_norm = jnp.linalg.norm(grad, ord=2)
        if grad_norm < tol:
            return x
        x = x - learning_rate * grad
    raise ValueError(
        "Gradient descent did not converge within the maximum number of iterations."
    )


# origin: djeada/Numerical-Methods/src/3_derivatives/central_difference/implementation/central_difference.py
@public((lambda x: x ** 3, 2.0, 1e-02), category='numerical methods')
def central_difference(f: Callable[[float], float], x: float, h: float = 1e-5) -> float:
    return (f(x + h) - f(x - h)) / (2 * h)


# origin: djeada/Numerical-Methods/src/3_derivatives/forward_difference/implementation/forward_difference.py
@public((lambda x: x ** 3, 2.0, 1e-02), category='numerical methods')
def forward_difference(f: Callable[[float], float], x: float, h: float = 1e-5) -> float:
    return (f(x + h) - f(x)) / h


# origin: djeada/Numerical-Methods/src/3_derivatives/central_difference/implementation/central_difference.py
@public((lambda v: (v ** 2).sum(), [1.0, 2.0, 3.0], 1e-02), category='numerical methods')
def central_difference_gradient(
    f: Callable[[jnp.ndarray], float], x: jnp.ndarray, h: float = 1e-5
) -> jnp.ndarray:
    gradient = jnp.zeros_like(x, dtype=float)
    for i in range(len(x)):
        x_forward = x.copy()
        x_backward = x.copy()
        x_forward[i] += h
        x_backward[i] -= h
        gradient[i] = (f(x_forward) - f(x_backward)) / (2 * h)
    return gradient


# origin: djeada/Numerical-Methods/src/4_integration/trapezoid_rule/implementation/trapezoid_rule.py
@public((lambda x: x ** 2, 0.0, 1.0, 10), category='numerical methods')
def trapezoid_rule(f: Callable[[float], float], a: float, b: float, n: int) -> float:
    if n <= 0:
        raise ValueError("Number of intervals must be positive.")
    x = jnp.linspace(a, b, n + 1)
    y = f(x)
    h = (b - a) / n
    w = jnp.ones(n + 1)
    w[1:-1] = 2
    return jnp.sum(y * w) * h / 2


# origin: djeada/Numerical-Methods/src/4_integration/midpoint_rule/implementation/midpoint_rule.py
@public((lambda x: x ** 2, 0.0, 1.0, 10), category='numerical methods')
def midpoint_rule(f: Callable[[float], float], a: float, b: float, n: int) -> float:
    if n <= 0:
        raise ValueError("Number of intervals must be positive.")
    h = (b - a) / n
    midpoints = a + h * (jnp.arange(n) + 0.5)
    values = f(midpoints)
    if jnp.isscalar(values):
        values = jnp.full_like(midpoints, values, dtype=float)
    return h * jnp.sum(values)


# origin: djeada/Numerical-Methods/src/4_integration/simpson/implementation/simpson_rule.py
@public((lambda x: x ** 2, 0.0, 1.0, 10), category='numerical methods')
def simpson_rule(f: Callable[[float], float], a: float, b: float, n: int) -> float:
    if n <= 0 or n % 2 != 0:
        raise ValueError("Number of intervals must be a positive even integer.")
    x = jnp.linspace(a, b, n + 1)
    y = jnp.array([f(xi) for xi in x])
    h = (b - a) / n
    return (h / 3) * (y[0] + y[-1] + 4 * jnp.sum(y[1:-1:2]) + 2 * jnp.sum(y[2:-2:2]))


# origin: djeada/Numerical-Methods/src/6_regression/lagrange_polynomial/implementation/lagrange_polynomial.py
@public(([0.0, 1.0, 2.0], [1.0, 3.0, 2.0], 1.5), category='numerical methods')
def lagrange_polynomial(x_data: jnp.ndarray, y_data: jnp.ndarray, point: float) -> float:
    if x_data.shape[0] != y_data.shape[0]:
        raise ValueError("X and Y vectors must have equal number of elements.")
    if x_data.shape[0] < 1:
        raise ValueError("X and Y vectors must contain at least one element.")
    if len(jnp.unique(x_data)) != x_data.shape[0]:
        raise ValueError("X data must contain unique values.")

    n = x_data.shape[0]
    P = 0.0
    for i in range(n):
        L_i = 1.0
        for j in range(n):
            if j != i:
                L_i *= (point - x_data[j]) / (x_data[i] - x_data[j])
        P += y_data[i] * L_i
    return P


# origin: djeada/Numerical-Methods/src/6_regression/newton_polynomial/implementation/newton_polynomial.py
@public(([0.0, 1.0, 2.0, 4.0], [1.0, 3.0, 2.0, 5.0], 1.5), category='numerical methods')
def newton_polynomial(x_data: jnp.ndarray, y_data: jnp.ndarray, point: float) -> float:
    if x_data.shape[0] != y_data.shape[0]:
        raise ValueError("X and Y vectors must have equal number of elements.")
    if x_data.shape[0] < 2:
        raise ValueError("X and Y vectors must contain at least two elements.")
    if len(jnp.unique(x_data)) != x_data.shape[0]:
        raise ValueError("X data must contain unique values.")

    n = x_data.shape[0]
    divided_diff = jnp.copy(y_data).astype(float)

    for j in range(1, n):
        divided_diff[j:n] = (divided_diff[j:n] - divided_diff[j - 1 : n - 1]) / (
            x_data[j:n] - x_data[0 : n - j]
        )

    result = divided_diff[0]
    product = 1.0
    for i in range(1, n):
        product *= point - x_data[i - 1]
        result += divided_diff[i] * product

    return result


# origin: djeada/Numerical-Methods/src/6_regression/linear_interpolation/implementation/linear_interpolation.py
@public(([0.0, 1.0, 2.0, 4.0], [1.0, 3.0, 2.0, 5.0], 1.5), ([0.0, 1.0, 2.0, 4.0], [1.0, 3.0, 2.0, 5.0], 0.0), category='numerical methods')
def linear_interpolation(x_data: jnp.ndarray, y_data: jnp.ndarray, point: float) -> float:
    if x_data.shape[0] != y_data.shape[0]:
        raise ValueError("X and Y vectors must have equal number of elements.")
    if x_data.shape[0] < 2:
        raise ValueError("X and Y vectors must contain at least 2 elements.")
    if not jnp.all(jnp.diff(x_data) > 0):
        raise ValueError("X data must be strictly increasing.")

    if point == x_data[0]:
        return y_data[0]
    if point == x_data[-1]:
        return y_data[-1]

    idx = jnp.searchsorted(x_data, point) - 1
    if idx < 0 or idx >= len(x_data) - 1:
        raise ValueError("Point is outside the interpolation range.")

    x1, x2 = x_data[idx], x_data[idx + 1]
    y1, y2 = y_data[idx], y_data[idx + 1]
    return y1 + (y2 - y1) * (point - x1) / (x2 - x1)


# origin: djeada/Numerical-Methods/src/2_systems_of_equations/jacobi_method/implementation/jacobi_method.py
@public(([[4.0, 1.0], [2.0, 5.0]], [1.0, 2.0], None, 1e-05, 100), category='numerical methods')
def jacobi_method(
    A: jnp.ndarray,
    b: jnp.ndarray,
    x0: Optional[jnp.ndarray] = None,
    epsilon: float = 1e-8,
    max_iterations: int = 1000,
) -> jnp.ndarray:
    if A.shape[0] != A.shape[1]:
        raise ValueError("Matrix A must be square.")
    n = A.shape[0]
    D = jnp.diag(A)
    if jnp.any(D == 0):
        raise ValueError("Matrix A has zero diagonal elements.")
    R = A - jnp.diagflat(D)
    D_inv = 1.0 / D
    if x0 is None:
        x = jnp.zeros(n)
    else:
        x = x0.astype(float)
    for _ in range(max_iterations):
        x_new = D_inv * (b - jnp.dot(R, x))
        if jnp.linalg.norm(x_new - x, ord=jnp.inf) < epsilon:
            return x_new
        x = x_new
    raise ValueError(
        "Jacobi method did not converge within the maximum number of iterations."
    )


# origin: djeada/Numerical-Methods/src/2_systems_of_equations/gaussian_elimination/implementation/gaussian_elimination.py
@public(([[2.0, 1.0, -1.0], [-3.0, -1.0, 2.0], [-2.0, 1.0, 2.0]], [8.0, -11.0, -3.0]), category='numerical methods')
def gaussian_elimination(A: jnp.ndarray, b: jnp.ndarray) -> jnp.ndarray:
    if A.shape[0] != A.shape[1]:
        raise ValueError("Matrix A must be square.")
    if A.shape[0] != b.shape[0]:
        raise ValueError("Matrix A and vector b dimensions do not match.")
    n: int = A.shape[0]
    augmented: jnp.ndarray = jnp.hstack((A.astype(float), b.reshape(-1, 1).astype(float)))
    for i in range(n):
        pivot: int = jnp.argmax(jnp.abs(augmented[i:, i])) + i
        if jnp.isclose(augmented[pivot, i], 0.0):
            raise ValueError("Matrix is singular or nearly singular.")
        if pivot != i:
            augmented[[i, pivot]] = augmented[[pivot, i]]
        augmented[i] = augmented[i] / augmented[i, i]
        for j in range(i + 1, n):
            augmented[j] -= augmented[j, i] * augmented[i]
    x: jnp.ndarray = jnp.zeros(n)
    for i in range(n - 1, -1, -1):
        x[i] = augmented[i, -1] - jnp.dot(augmented[i, i + 1 : n], x[i + 1 : n])
    return x


# origin: djeada/Numerical-Methods/src/5_matrices/power_method/implementation/power_method.py
@public(([[2.0, 0.0], [0.0, 1.0]], 1e-05, 200), category='numerical methods')
def power_method(
    A: jnp.ndarray,
    tol: float = 1e-8,
    max_iterations: int = 1000,
    x0: Optional[jnp.ndarray] = None,
) -> Tuple[float, jnp.ndarray]:
    if A.shape[0] != A.shape[1]:
        raise ValueError("Matrix must be square.")
    n = A.shape[0]
    if x0 is None:
        x = jnp.ones(n)
    else:
        x = x0.astype(float)
    x /= jnp.linalg.norm(x)
    eigenvalue = 0.0
    for _ in range(max_iterations):
        x_old = x.copy()
        y = A @ x
        y_norm = jnp.linalg.norm(y)
        if y_norm == 0:
            raise ValueError("Encountered zero vector during iterations.")
        x_new = y / y_norm
        if jnp.dot(x_old, x_new) < 0:
            x_new = -x_new
        eigenvalue_new = jnp.dot(A @ x_old, x_new)
        if jnp.abs(eigenvalue_new - eigenvalue) < tol:
            if not jnp.isclose(
                eigenvalue_new.imag if jnp.iscomplex(eigenvalue_new) else 0, 0, atol=tol
            ):
                raise ValueError("Matrix has complex eigenvalues.")
            eigenvalue_new = eigenvalue_new.real
            x_new = x_new.real
            x_new[jnp.abs(x_new) < 1e-10] = 0.0
            return eigenvalue_new, x_new
        eigenvalue = eigenvalue_new
        x = x_new
    raise ValueError(
        "Power method did not converge within the maximum number of iterations."
    )


# origin: djeada/Numerical-Methods/src/7_ordinary_differential_equations/euler/implementation/euler.py
@public((lambda t, y: -y, 0.0, [1.0], 1.0, 0.1), category='numerical methods')
def euler_method(
    f: Callable[[float, jnp.ndarray], jnp.ndarray],
    t0: float,
    y0: jnp.ndarray,
    t_end: float,
    h: float,
) -> Tuple[jnp.ndarray, jnp.ndarray]:
    if h <= 0:
        raise ValueError("Step size h must be positive.")
    if t_end < t0:
        raise ValueError("t_end must be greater than or equal to t0.")
    n_steps = int(jnp.ceil((t_end - t0) / h))
    t = jnp.linspace(t0, t0 + n_steps * h, n_steps + 1)
    y = jnp.zeros((n_steps + 1, y0.size))
    y[0] = y0
    for i in range(n_steps):
        y[i + 1] = y[i] + h * f(t[i], y[i])
    return t, y


# origin: djeada/Numerical-Methods/src/7_ordinary_differential_equations/runge_kutta/implementation/runge_kutta.py
@public((lambda t, y: -y, 0.0, [1.0], 1.0, 0.1), category='numerical methods')
def runge_kutta_4(
    f: Callable[[float, jnp.ndarray], jnp.ndarray],
    t0: float,
    y0: jnp.ndarray,
    t_end: float,
    h: float,
) -> Tuple[jnp.ndarray, jnp.ndarray]:
    if h <= 0:
        raise ValueError("Step size h must be positive.")
    if t_end < t0:
        raise ValueError("t_end must be greater than or equal to t0.")
    n_steps = int(jnp.ceil((t_end - t0) / h))
    t = jnp.linspace(t0, t0 + n_steps * h, n_steps + 1)
    y = jnp.zeros((n_steps + 1, y0.size))
    y[0] = y0
    for i in range(n_steps):
        ti = t[i]
        yi = y[i]
        k1 = f(ti, yi)
        k2 = f(ti + h / 2, yi + h * k1 / 2)
        k3 = f(ti + h / 2, yi + h * k2 / 2)
        k4 = f(ti + h, yi + h * k3)
        y[i + 1] = yi + (h / 6) * (k1 + 2 * k2 + 2 * k3 + k4)
    return t, y.squeeze()


# ---------------------------------------------------------------------------
# Numerical code from further repositories: CambridgeUniversityPress/
# NumericalMethodsPhysicsWithPython (the codes of Gezerlis' "Numerical Methods
# in Physics with Python"), f-fathurrahman/ffr-MetodeNumerik (Chapra's methods
# in Python) and single files of other repositories. Same conventions as above.
# ---------------------------------------------------------------------------

from copy import deepcopy  # noqa: E402  (vectorfield.py's import, for makefield)


# origin: CambridgeUniversityPress/NumericalMethodsPhysicsWithPython/second_edition/codes/bisection.py (bisection_gz, renamed from bisection)
@public((lambda x: jnp.exp(x - jnp.sqrt(x)) - x, 0.0, 1.5, 200, 1e-6),
        (lambda x: jnp.exp(x - jnp.sqrt(x)) - x, 1.5, 3.0, 200, 1e-6),
        (lambda x: jnp.exp(x - jnp.sqrt(x)) - x, 0.0, 1.5, 5, 1e-6), category='root finding')
def bisection_gz(f,x0,x1,kmax=200,tol=1.e-8):
    f0 = f(x0)
    for k in range(1,kmax):
        x2 = (x0+x1)/2
        f2 = f(x2)

        if f0*f2 < 0:
            x1 = x2
        else:
            x0, f0 = x2, f2

        x2new = (x0+x1)/2
        xdiff = abs(x2new-x2)
        rowf = "{0:2d} {1:1.16f} {2:1.16f} {3:1.16f}"
        print(rowf.format(k,x2new,xdiff,abs(f(x2new))))

        if abs(xdiff/x2new) < tol:
            break
    else:
        x2new = None

    return x2new


# origin: CambridgeUniversityPress/NumericalMethodsPhysicsWithPython/second_edition/codes/secant.py
@public((lambda x: jnp.exp(x - jnp.sqrt(x)) - x, 0.0, 1.7, 50, 1e-6),
        (lambda x: jnp.exp(x - jnp.sqrt(x)) - x, 2.0, 2.1, 50, 1e-6), category='root finding')
def secant(f,x0,x1,kmax=200,tol=1.e-8):
    f0 = f(x0)
    for k in range(1,kmax):
        f1 = f(x1)
        ratio = (x1 - x0)/(f1 - f0)
        x2 = x1 - f1*ratio

        xdiff = abs(x2-x1)
        x0, x1 = x1, x2
        f0 = f1

        rowf = "{0:2d} {1:1.16f} {2:1.16f} {3:1.16f}"
        print(rowf.format(k,x2,xdiff,abs(f(x2))))

        if abs(xdiff/x2) < tol:
            break
    else:
        x2 = None

    return x2


# origin: CambridgeUniversityPress/NumericalMethodsPhysicsWithPython/second_edition/codes/fixedpoint.py
@public((lambda x: jnp.exp(x - jnp.sqrt(x)), 0.99, 200, 1e-6),
        (lambda x: jnp.exp(x - jnp.sqrt(x)), 0.5, 200, 1e-6), category='root finding')
def fixedpoint(g,xold,kmax=200,tol=1.e-8):
    for k in range(1,kmax):
        xnew = g(xold)

        xdiff = xnew - xold
        print("{0:2d} {1:1.16f} {2:1.16f}".format(k,xnew,xdiff))

        if abs(xdiff/xnew) < tol:
            break

        xold = xnew
    else:
        xnew = None

    return xnew


# origin: CambridgeUniversityPress/NumericalMethodsPhysicsWithPython/second_edition/codes/golden.py
@public((lambda x: jnp.exp(x - jnp.sqrt(x)) - x, 0.0, 3.5, 200, 1e-5),
        (lambda x: (x - 0.7) ** 2, -2.0, 2.0, 200, 1e-5), category='optimisation')
def golden(phi, x0, x1, kmax=200, tol=1.e-8):
    varphi = 0.5*(1 + jnp.sqrt(5))
    for k in range(1,kmax):
        x2 = x0 + (x1-x0)/(varphi+1)
        x3 = x0 + (x1-x0)*varphi/(varphi+1)

        if phi(x3) < phi(x2):
            x0 = x2
        else:
            x1 = x3

        xnew = (x0+x1)/2
        xdiff = abs(x1-x0)
        rowf = "{0:2d} {1:1.16f} {2:1.16f} {3:1.16f}"
        print(rowf.format(k, xnew, xdiff, phi(xnew)))

        if abs(xdiff) < tol:
            break
    else:
        xnew = None
    return xnew


# origin: CambridgeUniversityPress/NumericalMethodsPhysicsWithPython/second_edition/codes/kahansum.py
@public(([0.7, 0.1, 0.3],), ([1e8, 1.0, -1e8, 1e-3],), category='arithmetic')
def kahansum(xs):
    s = 0.; e = 0.
    for x in xs:
        temp = s
        y = x + e
        s = temp + y
        e = (temp - s) + y
    return s


# origin: CambridgeUniversityPress/NumericalMethodsPhysicsWithPython/second_edition/codes/naiveval.py
@public((10.0,), (0.5,), category='arithmetic')
def naiveval(x):
    return 1/(jnp.sqrt(x**2 + 1) - x)


# origin: CambridgeUniversityPress/NumericalMethodsPhysicsWithPython/second_edition/codes/forelse.py
@public((3, [1, 2, 3]), (7, [1, 2, 3]), category='searching')
def look(target,names):
    for name in names:
        if name==target:
            val = name
            break
    else:
        val = None
    return val


# origin: CambridgeUniversityPress/NumericalMethodsPhysicsWithPython/second_edition/codes/romberg.py
@public(([0.9, 0.88], 0.885, 2), ([1.0], 0.9, 1), category='quadrature')
def richardson(Rprev, Rincurr0, i):
    Rcurr = [Rincurr0]
    for j in range(1, i+1):
        val = (4**j*Rcurr[j-1] - Rprev[j-1])/(4**j - 1)
        Rcurr.append(val)
    return Rcurr


# origin: CambridgeUniversityPress/NumericalMethodsPhysicsWithPython/second_edition/codes/newtoncotes.py
@public((lambda x: 1/jnp.sqrt(x**2 + 1), 0.0, 1.0, 11), category='quadrature')
def rectangle(f,a,b,n):
    h = (b-a)/(n-1)
    xs = a + jnp.arange(n-1)*h
    fs = f(xs)
    return h*jnp.sum(fs)


# origin: CambridgeUniversityPress/NumericalMethodsPhysicsWithPython/second_edition/codes/newtoncotes.py
@public((lambda x: 1/jnp.sqrt(x**2 + 1), 0.0, 1.0, 11), category='quadrature')
def trapezoid(f,a,b,n):
    h = (b-a)/(n-1)
    xs = a + jnp.arange(n)*h
    cs = jnp.ones(n); cs[0] = 0.5; cs[-1] = 0.5
    contribs = cs*f(xs)
    return h*jnp.sum(contribs)


# origin: CambridgeUniversityPress/NumericalMethodsPhysicsWithPython/second_edition/codes/newtoncotes.py
@public((lambda x: 1/jnp.sqrt(x**2 + 1), 0.0, 1.0, 11), category='quadrature')
def simpson(f,a,b,n):
    h = (b-a)/(n-1)
    xs = a + jnp.arange(n)*h
    cs = 2*jnp.ones(n)
    cs[1::2] = 4; cs[0] = 1; cs[-1] = 1
    contribs = cs*f(xs)
    return (h/3)*jnp.sum(contribs)


# origin: CambridgeUniversityPress/NumericalMethodsPhysicsWithPython/second_edition/codes/romberg.py
@public((lambda x: 1/jnp.sqrt(x**2 + 1), 0.0, 1.0, 20, 1e-6), category='quadrature')
def romberg(f,a,b,imax = 20,tol = 1.e-8):
    n = 2
    val = trapezoid(f,a,b,n)
    Rprev = [val]
    #prettyprint(Rprev)
    for i in range(1,imax):
        nprime = 2*n-1
        Rincurr0 = trapezoid(f,a,b,nprime)
        Rcurr = richardson(Rprev, Rincurr0, i)
        #prettyprint(Rcurr)
        err = abs(Rprev[-1] - Rcurr[-1])/abs(Rcurr[-1])
        valprime = Rcurr[-1]
        if err < tol:
            break
        n = nprime
        Rprev = Rcurr[:]
    else:
        valprime = None
    return valprime


# origin: CambridgeUniversityPress/NumericalMethodsPhysicsWithPython/second_edition/codes/adaptive.py
@public((lambda x: 1/jnp.sqrt(x**2 + 1), 0.0, 1.0, rectangle, 20, 1e-3),
        (lambda x: 1/jnp.sqrt(x**2 + 1), 0.0, 1.0, rectangle, 3, 1e-3), category='quadrature')
def adaptive(f,a,b,integrator,kmax = 20,tol = 1.e-12):
    functodenom = {rectangle:1, trapezoid:3, simpson:15}
    denom = functodenom[integrator]

    n = 2
    val = integrator(f,a,b,n)
    for k in range(kmax):
        nprime = 2*n-1
        valprime = integrator(f,a,b,nprime)
        err = abs(valprime-val)/denom
        err /= abs(valprime)
        print(nprime, valprime, err)
        if err<tol:
            break

        n, val = nprime, valprime
    else:
        valprime = None
    return valprime


# origin: CambridgeUniversityPress/NumericalMethodsPhysicsWithPython/second_edition/codes/finitediff.py
@public((lambda x: jnp.exp(jnp.sin(2*x)), 0.5, 0.01), category='numerical methods')
def calc_cd(f,x,h):
    cd = (f(x+h/2) - f(x-h/2))/h
    return cd


# origin: CambridgeUniversityPress/NumericalMethodsPhysicsWithPython/second_edition/codes/legendre.py
@public((0, 0.3), (1, 0.3), (5, 0.3), category='sequences')
def legendre(n,x):
    if n==0:
        val2 = 1.
        dval2 = 0.
    elif n==1:
        val2 = x
        dval2 = 1.
    else:
        val0 = 1.; val1 = x
        for j in range(1,n):
            val2 = ((2*j+1)*x*val1 - j*val0)/(j+1)
            val0, val1 = val1, val2
        dval2 = n*(val0-x*val1)/(1.-x**2)
    return val2, dval2


# origin: CambridgeUniversityPress/NumericalMethodsPhysicsWithPython/second_edition/codes/psis.py
@public((2, 0.5), (4, 0.7), category='sequences')
def hermite(n,x):
    val0 = 1.; val1 = 2*x
    for j in range(1,n):
        val2 = 2*x*val1 - 2*j*val0
        val0, val1 = val1, val2
    dval2 = 2*n*val0
    return val2, dval2


# origin: CambridgeUniversityPress/NumericalMethodsPhysicsWithPython/second_edition/codes/barycentric.py
@public(([-1.0, -0.5, 0.0, 0.5, 1.0],), ([0.0, 1.0, 3.0],), category='interpolation')
def weights(dataxs):
    n = dataxs.size
    ws = jnp.ones(n)
    for k in range(n):
        for j in range(n):
            if j == k:
                continue
            ws[k] *= (dataxs[k]-dataxs[j])
    return 1/ws


# origin: CambridgeUniversityPress/NumericalMethodsPhysicsWithPython/second_edition/codes/barycentric.py
@public(([-1.0, 0.0, 1.0], [1.0, 0.0, 1.0], [0.5, -1.0, 0.5], 0.3),
        ([-1.0, 0.0, 1.0], [1.0, 0.0, 1.0], [0.5, -1.0, 0.5], 0.0), category='interpolation')
def bary(dataxs,datays,ws,x):
    k = jnp.where(x == dataxs)[0]
    if k.size == 0:
        nume = jnp.sum(ws*datays/(x-dataxs))
        denom = jnp.sum(ws/(x-dataxs))
        val = nume/denom
    else:
        val = datays[k[0]]
    return val


# origin: CambridgeUniversityPress/NumericalMethodsPhysicsWithPython/second_edition/codes/triang.py
@public(([[2.0, 0.0, 0.0], [1.0, 3.0, 0.0], [-1.0, 2.0, 4.0]], [2.0, 5.0, 3.0]), category='linear algebra')
def forsub(L,bs):
    n = bs.size
    xs = jnp.zeros(n)
    for i in range(n):
        xs[i] = (bs[i] - L[i,:i]@xs[:i])/L[i,i]
    return xs


# origin: CambridgeUniversityPress/NumericalMethodsPhysicsWithPython/second_edition/codes/triang.py
@public(([[2.0, 1.0, -1.0], [0.0, 3.0, 2.0], [0.0, 0.0, 4.0]], [2.0, 5.0, 8.0]), category='linear algebra')
def backsub(U,bs):
    n = bs.size
    xs = jnp.zeros(n)
    for i in reversed(range(n)):
        xs[i] = (bs[i] - U[i,i+1:]@xs[i+1:])/U[i,i]
    return xs


# origin: CambridgeUniversityPress/NumericalMethodsPhysicsWithPython/second_edition/codes/gauelim.py
@public(([[2.0, 1.0, -1.0], [-3.0, -1.0, 2.0], [-2.0, 1.0, 2.0]], [8.0, -11.0, -3.0]), category='linear algebra')
def gauelim(inA,inbs):
    A = jnp.copy(inA)
    bs = jnp.copy(inbs)
    n = bs.size

    for j in range(n-1):
        for i in range(j+1,n):
            coeff = A[i,j]/A[j,j]
            A[i,j:] -= coeff*A[j,j:]
            bs[i] -= coeff*bs[j]

    xs = backsub(A,bs)
    return xs


# origin: CambridgeUniversityPress/NumericalMethodsPhysicsWithPython/second_edition/codes/gauelim_pivot.py
@public(([[2.0, 1.0, -1.0], [-3.0, -1.0, 2.0], [-2.0, 1.0, 2.0]], [8.0, -11.0, -3.0]),
        ([[0.0, 2.0, 1.0], [1.0, 1.0, 1.0], [4.0, -1.0, 2.0]], [3.0, 3.0, 5.0]), category='linear algebra')
def gauelim_pivot(inA,inbs):
    A = jnp.copy(inA)
    bs = jnp.copy(inbs)
    n = bs.size

    for j in range(n-1):
        k = jnp.argmax(jnp.abs(A[j:,j])) + j
        if k != j:
            A[j,:], A[k,:] = A[k,:], A[j,:].copy()
            bs[j], bs[k] = bs[k], bs[j]

        for i in range(j+1,n):
            coeff = A[i,j]/A[j,j]
            A[i,j:] -= coeff*A[j,j:]
            bs[i] -= coeff*bs[j]

    xs = backsub(A,bs)
    return xs


# origin: CambridgeUniversityPress/NumericalMethodsPhysicsWithPython/second_edition/codes/ludec.py
@public(([[4.0, 3.0, 0.0], [6.0, 3.0, 1.0], [0.0, 2.0, 5.0]],), category='linear algebra')
def ludec(A):
    n = A.shape[0]
    U = jnp.copy(A)
    L = jnp.identity(n)

    for j in range(n-1):
        for i in range(j+1,n):
            coeff = U[i,j]/U[j,j]
            U[i,j:] -= coeff*U[j,j:]
            L[i,j] = coeff

    return L, U


# origin: CambridgeUniversityPress/NumericalMethodsPhysicsWithPython/second_edition/codes/ludec.py
@public(([[4.0, 3.0, 0.0], [6.0, 3.0, 1.0], [0.0, 2.0, 5.0]], [1.0, 2.0, 3.0]), category='linear algebra')
def lusolve(A,bs):
    L, U = ludec(A)
    ys = forsub(L,bs)
    xs = backsub(U,ys)
    return xs


# origin: CambridgeUniversityPress/NumericalMethodsPhysicsWithPython/second_edition/codes/jacobi.py
@public(([1.0, 2.0], [1.1, 1.9]), category='linear algebra')
def termcrit(xolds,xnews):
    errs = jnp.abs((xnews - xolds)/xnews)
    return jnp.sum(errs)


# origin: CambridgeUniversityPress/NumericalMethodsPhysicsWithPython/second_edition/codes/jacobi.py
@public(([[10.0, 1.0, 2.0], [1.0, 8.0, 1.0], [2.0, 1.0, 9.0]], [13.0, 10.0, 12.0], 50, 1e-5),
        ([[10.0, 1.0, 2.0], [1.0, 8.0, 1.0], [2.0, 1.0, 9.0]], [13.0, 10.0, 12.0], 3, 1e-5),
        category='linear algebra')
def jacobi(A,bs,kmax=50,tol=1.e-6):
    n = bs.size
    xnews = jnp.zeros(n)

    for k in range(1,kmax):
        xs = jnp.copy(xnews)

        for i in range(n):
            slt = A[i,:i]@xs[:i]
            sgt = A[i,i+1:]@xs[i+1:]
            xnews[i] = (bs[i] - slt - sgt)/A[i,i]

        err = termcrit(xs,xnews)
        print(k, xnews, err)
        if err < tol:
            break
    else:
        xnews = None

    return xnews


# origin: CambridgeUniversityPress/NumericalMethodsPhysicsWithPython/second_edition/codes/power.py
@public(([3.0, 4.0],), ([1.0, -2.0, 2.0],), category='linear algebra')
def mag(xs):
    return jnp.sqrt(jnp.sum(xs*xs))


# origin: CambridgeUniversityPress/NumericalMethodsPhysicsWithPython/second_edition/codes/power.py (power_gz, renamed from power)
@public(([[2.0, 1.0], [1.0, 3.0]], 6), ([[4.0, 1.0, 0.0], [1.0, 3.0, 1.0], [0.0, 1.0, 2.0]], 20),
        category='linear algebra')
def power_gz(A,kmax=6):
    zs = jnp.ones(A.shape[0])
    qs = zs/mag(zs)
    for k in range(1,kmax):
        zs = A@qs
        qs = zs/mag(zs)
        print(k,qs)

    lam = qs@A@qs
    return lam, qs


# origin: CambridgeUniversityPress/NumericalMethodsPhysicsWithPython/second_edition/codes/invpowershift.py
@public(([[4.0, 1.0, 0.0], [1.0, 3.0, 1.0], [0.0, 1.0, 2.0]], 1.5, 200, 1e-5),
        ([[4.0, 1.0, 0.0], [1.0, 3.0, 1.0], [0.0, 1.0, 2.0]], 4.5, 200, 1e-5), category='linear algebra')
def invpowershift(A,shift=20,kmax=200,tol=1.e-8):
    n = A.shape[0]
    znews = jnp.ones(n)
    qnews = znews/mag(znews)
    Astar = A - jnp.identity(n)*shift
    L, U = ludec(Astar)

    for k in range(1,kmax):
        qs = jnp.copy(qnews)
        ys = forsub(L,qs)
        znews = backsub(U,ys)
        qnews = znews/mag(znews)

        if qs@qnews<0:
            qnews = -qnews

        err = termcrit(qs,qnews)
        #print(k, qnews, err)

        if err < tol:
            lam = qnews@A@qnews
            break
    else:
        lam = qnews = None

    return lam, qnews


# origin: CambridgeUniversityPress/NumericalMethodsPhysicsWithPython/second_edition/codes/qrdec.py
@public(([[4.0, 1.0, 0.0], [1.0, 3.0, 1.0], [0.0, 1.0, 2.0]],), category='linear algebra')
def qrdec(A):
    n = A.shape[0]
    Ap = jnp.copy(A)
    Q = jnp.zeros((n,n))
    R = jnp.zeros((n,n))
    for j in range(n):
        for i in range(j):
            R[i,j] = Q[:,i]@A[:,j]
            Ap[:,j] -= R[i,j]*Q[:,i]

        R[j,j] = mag(Ap[:,j])
        Q[:,j] = Ap[:,j]/R[j,j]
    return Q, R


# origin: CambridgeUniversityPress/NumericalMethodsPhysicsWithPython/second_edition/codes/qrmet.py
@public(([[4.0, 1.0, 0.0], [1.0, 3.0, 1.0], [0.0, 1.0, 2.0]], 30), ([[2.0, 1.0], [1.0, 2.0]], 1),
        category='linear algebra')
def qrmet(inA,kmax=100):
    A = jnp.copy(inA)
    for k in range(1,kmax):
        Q, R = qrdec(A)
        A = R@Q
        #print(k, np.diag(A))

    qreigvals = jnp.diag(A)
    return qreigvals


# origin: CambridgeUniversityPress/NumericalMethodsPhysicsWithPython/second_edition/codes/multi_newton.py (fs_multi_newton, renamed from fs)
@public(([1.0, 1.0],), ([0.5, -0.3],), category='root finding')
def fs_multi_newton(xs):
    x0, x1 = xs
    f0 = x0**2 - 2*x0 + x1**4 - 2*x1**2 + x1
    f1 = x0**2 + x0 + 2*x1**3 - 2*x1**2 - 1.5*x1 - 0.05
    return jnp.array([f0,f1])


# origin: CambridgeUniversityPress/NumericalMethodsPhysicsWithPython/second_edition/codes/multi_newton.py
@public((fs_multi_newton, [1.0, 1.0], 0.1), category='root finding')
def jacobian(fs,xs,h=1.e-4):
    n = xs.size
    iden = jnp.identity(n)
    Jf = jnp.zeros((n,n))
    fs0 = fs(xs)
    for j in range(n):
        fs1 = fs(xs+iden[:,j]*h)
        Jf[:,j] = (fs1 - fs0)/h
    return Jf, fs0


# origin: CambridgeUniversityPress/NumericalMethodsPhysicsWithPython/second_edition/codes/multi_newton.py
@public((fs_multi_newton, jacobian, [1.0, 1.0], 200, 1e-4),
        (fs_multi_newton, jacobian, [1.0, 1.0], 2, 1e-4), category='root finding')
def multi_newton(fs,jacobian,xolds,kmax=200,tol=1.e-8):
    for k in range(1,kmax):
        Jf, fs_xolds = jacobian(fs, xolds)
        xnews = xolds + gauelim_pivot(Jf, -fs_xolds)

        err = termcrit(xolds,xnews)
        print(k, xnews, err)
        if err < tol:
            break

        xolds = jnp.copy(xnews)
    else:
        xnews = None
    return xnews


# origin: CambridgeUniversityPress/NumericalMethodsPhysicsWithPython/second_edition/codes/descent.py (phi_descent, renamed from phi)
@public(([2.0, 0.25],), ([[2.0, 1.0], [0.25, 0.5]],), category='optimisation')
def phi_descent(xs):
    x0, x1 = xs
    return x0**2 - 2*x0 + x1**4 - 2*x1**2 + x1


# origin: CambridgeUniversityPress/NumericalMethodsPhysicsWithPython/second_edition/codes/descent.py
@public((phi_descent, [2.0, 0.25], 1e-3), category='optimisation')
def gradient(phi,xs,h=1.e-6):
    n = xs.size
    phi0 = phi(xs)
    Xph = (xs*jnp.ones((n,n))).T + jnp.identity(n)*h
    grad = (phi(Xph) - phi0)/h
    return grad


# origin: CambridgeUniversityPress/NumericalMethodsPhysicsWithPython/second_edition/codes/descent.py
@public((phi_descent, lambda phi, xs: gradient(phi, xs, 1e-3), [2.0, 0.25], 0.15, 200, 1e-5),
        (phi_descent, lambda phi, xs: gradient(phi, xs, 1e-3), [2.0, 0.25], 0.15, 4, 1e-5),
        category='optimisation')
def descent(phi,gradient,xolds,gamma=0.15,kmax=200,tol=1.e-8):
    for k in range(1,kmax):
        xnews = xolds - gamma*gradient(phi,xolds)

        err = termcrit(xolds,xnews)
        print(k, xnews, err, phi(xnews))
        if err < tol:
            break

        xolds = jnp.copy(xnews)
    else:
        xnews = None
    return xnews


# origin: CambridgeUniversityPress/NumericalMethodsPhysicsWithPython/second_edition/codes/ivp_one.py
@public((lambda x, y: -(30/(1-x**2)) + ((2*x)/(1-x**2))*y - y**2, 0.05, 0.49, 12, 19.53),
        category='ode solvers')
def euler(f,a,b,n,yinit):
    h = (b-a)/(n-1)
    xs = a + jnp.arange(n)*h
    ys = jnp.zeros(n)

    y = yinit
    for j,x in enumerate(xs):
        ys[j] = y
        y += h*f(x, y)
    return xs, ys


# origin: CambridgeUniversityPress/NumericalMethodsPhysicsWithPython/second_edition/codes/ivp_one.py
@public((lambda x, y: -(30/(1-x**2)) + ((2*x)/(1-x**2))*y - y**2, 0.05, 0.49, 12, 19.53),
        category='ode solvers')
def rk4(f,a,b,n,yinit):
    h = (b-a)/(n-1)
    xs = a + jnp.arange(n)*h
    ys = jnp.zeros(n)

    y = yinit
    for j,x in enumerate(xs):
        ys[j] = y
        k0 = h*f(x, y)
        k1 = h*f(x+h/2, y+k0/2)
        k2 = h*f(x+h/2, y+k1/2)
        k3 = h*f(x+h, y+k2)
        y += (k0 + 2*k1 + 2*k2 + k3)/6
    return xs, ys


# origin: CambridgeUniversityPress/NumericalMethodsPhysicsWithPython/second_edition/codes/ivp_two.py
@public((lambda x, yvals: jnp.array([yvals[1], -(30/(1-x**2))*yvals[0] + ((2*x)/(1-x**2))*yvals[1]]),
         0.05, 0.49, 12, [0.0926587109375, 1.80962109375]), category='ode solvers')
def rk4_gen(fs,a,b,n,yinits):
    h = (b-a)/(n-1)
    xs = a + jnp.arange(n)*h
    ys = jnp.zeros((n, yinits.size))

    yvals = jnp.copy(yinits)
    for j,x in enumerate(xs):
        ys[j,:] = yvals
        k0 = h*fs(x, yvals)
        k1 = h*fs(x+h/2, yvals+k0/2)
        k2 = h*fs(x+h/2, yvals+k1/2)
        k3 = h*fs(x+h, yvals+k2)
        yvals += (k0 + 2*k1 + 2*k2 + k3)/6
    return xs, ys


# origin: CambridgeUniversityPress/NumericalMethodsPhysicsWithPython/second_edition/codes/legroots.py
@public((5, 0.9, 200, 1e-6), (4, 0.3, 200, 1e-6), category='root finding')
def legnewton(n,xold,kmax=200,tol=1.e-8):
    for k in range(1,kmax):
        val, dval = legendre(n,xold)
        xnew = xold - val/dval

        xdiff = xnew - xold
        if abs(xdiff/xnew) < tol:
            break

        xold = xnew
    else:
        xnew = None
    return xnew


# origin: CambridgeUniversityPress/NumericalMethodsPhysicsWithPython/second_edition/codes/legroots.py
@public((4,), (5,), category='root finding')
def legroots(n):
    roots = jnp.zeros(n)
    npos = n//2
    for i in range(npos):
        xold = jnp.cos(jnp.pi*(4*i+3)/(4*n+2))
        root = legnewton(n,xold)
        roots[i] = -root
        roots[-1-i] = root
    return roots


# origin: CambridgeUniversityPress/NumericalMethodsPhysicsWithPython/second_edition/codes/splines.py
@public(([0.0, 1.0, 2.0, 3.0], [0.0, 1.0, 0.0, 1.0], [0.0, -3.6, 3.6, 0.0], 1.5),
        ([0.0, 1.0, 2.0, 3.0], [0.0, 1.0, 0.0, 1.0], [0.0, -3.6, 3.6, 0.0], 0.25), category='interpolation')
def splineinterp(dataxs,datays,cs,x):
    k = jnp.argmax(dataxs>x)
    xk = dataxs[k]; xk1 = dataxs[k-1]
    yk = datays[k]; yk1 = datays[k-1]
    ck = cs[k]; ck1 = cs[k-1]

    val = yk1*(xk-x)/(xk-xk1) + yk*(x-xk1)/(xk-xk1)
    val -= ck1*((xk-x)*(xk-xk1) - (xk-x)**3/(xk-xk1))/6
    val -= ck*((x-xk1)*(xk-xk1) - (x-xk1)**3/(xk-xk1))/6
    return val


# origin: CambridgeUniversityPress/NumericalMethodsPhysicsWithPython/second_edition/codes/compexp.py
@public((0.1,), (5.0,), (-3.0,), category='series')
def compexp(x):
    n = 0
    oldsum, newsum, term = 0., 1., 1.
    while newsum != oldsum:
        oldsum = newsum
        n += 1
        term *= x/n
        newsum += term
        print(n, newsum, term)
    return newsum


# origin: CambridgeUniversityPress/NumericalMethodsPhysicsWithPython/second_edition/codes/cancel.py (cancel_g, renamed from g)
@public((1e-9,), (0.5,), (-200.0,), category='arithmetic')
def cancel_g(x):
    w = jnp.exp(x)
    if w==0.:
        val = -1/x
    elif w==1.:
        val = 1.
    else:
        val = (w-1)/jnp.log(w)
    return val


# origin: CambridgeUniversityPress/NumericalMethodsPhysicsWithPython/second_edition/codes/diffusion.py
@public((0.2, 5, [10.0, 10.0, 30.0, 30.0, 30.0]), (0.1, 1, [1.0, 2.0, 3.0]), category='physics & engineering')
def ftcs(fac, m, polds):
    pnews = jnp.copy(polds)
    for k in range(m-1):
        pnews[1:-1] = fac*(polds[:-2] + polds[2:] - 2*polds[1:-1])
        pnews[1:-1] += polds[1:-1]
        polds = jnp.copy(pnews)
    return pnews


# origin: CambridgeUniversityPress/NumericalMethodsPhysicsWithPython/second_edition/codes/eloc.py
@public(([1.0, 2.0, 3.0], [[1.0, 0.5, 0.3], [0.25, 0.2, 0.16], [0.1, 0.1, 0.1]]), category='physics & engineering')
def epot(oms, X, strength = 3, m = 1., q = 1.):
    npart, ndim = X.shape
    pot = 0.5*m*jnp.sum(oms**2*X**2)
    for k in range(1,npart):
        for j in range(k):
            r2 = jnp.sum((X[j,:] - X[k,:])**2)
            pot += strength*jnp.exp(-q*r2)
    return pot


# origin: CambridgeUniversityPress/NumericalMethodsPhysicsWithPython/second_edition/codes/fft.py
@public(([1.0, 2.0, 3.0, 4.0],), ([1.0, 0.0, -1.0, 0.0, 2.0, 0.0, 0.5, 0.0],), category='signal processing')
def fft(ys):
    n = ys.size
    m = n//2
    if n==1:
        ytils = ys
    else:
        evens = fft(ys[::2])
        odds = fft(ys[1::2])
        coeffs = jnp.exp(-2*jnp.pi*jnp.arange(m)*1j/n)
        first = evens + coeffs*odds
        second = evens - coeffs*odds
        ytils = jnp.concatenate((first, second))
    return ytils


# origin: CambridgeUniversityPress/NumericalMethodsPhysicsWithPython/second_edition/codes/triginterp.py
@public(([0.0, 1.5707963, 3.1415927, 4.712389], [1.0, 2.0, 1.0, 0.0]), category='interpolation')
def computeparams(dataxs,datays):
    n = dataxs.size
    m = n//2
    aparams = jnp.zeros(m+1)
    bparams = jnp.zeros(m-1)

    for k in range(m+1):
        aparams[k] = datays@jnp.cos(k*dataxs)/m
    for k in range(1,m):
        bparams[k-1] = datays@jnp.sin(k*dataxs)/m
    return aparams, bparams


# origin: CambridgeUniversityPress/NumericalMethodsPhysicsWithPython/second_edition/codes/triginterp.py
@public(([2.0, 0.0, 0.0], [1.0], 0.3), ([1.0, 0.5, 0.25, -0.5], [0.3, 0.2], 1.2), category='interpolation')
def triginterp(aparams,bparams,x):
    n = aparams.size + bparams.size
    m = n//2
    val = 0.5*(aparams[0] + aparams[-1]*jnp.cos(m*x))
    for k in range(1,m):
        val += aparams[k]*jnp.cos(k*x)
        val += bparams[k-1]*jnp.sin(k*x)
    return val


# origin: CambridgeUniversityPress/NumericalMethodsPhysicsWithPython/second_edition/codes/linefit.py
@public(([0.0, 0.2, 0.4, 0.6], [3.085, 3.123, 3.224, 3.36], [0.048, 0.053, 0.02, 0.005]), category='statistics')
def helpers(dataxs,datays,datasigs):
    S = jnp.sum(1/datasigs**2)
    Sx = jnp.sum(dataxs/datasigs**2)
    Sy = jnp.sum(datays/datasigs**2)
    Sxx = jnp.sum(dataxs**2/datasigs**2)
    Sxy = jnp.sum(dataxs*datays/datasigs**2)
    Del = S*Sxx - Sx**2
    return S, Sx, Sy, Sxx, Sxy, Del


# origin: CambridgeUniversityPress/NumericalMethodsPhysicsWithPython/second_edition/codes/linefit.py (computecs_linefit, renamed from computecs)
@public(([0.0, 0.2, 0.4, 0.6], [3.085, 3.123, 3.224, 3.36], [0.048, 0.053, 0.02, 0.005]), category='statistics')
def computecs_linefit(dataxs,datays,datasigs):
    S,Sx,Sy,Sxx,Sxy,Del = helpers(dataxs,datays,datasigs)
    cs = jnp.zeros(2); dcs = jnp.zeros(2)
    cs[0] = (Sxx*Sy - Sx*Sxy)/Del
    cs[1] = (S*Sxy - Sx*Sy)/Del
    dcs[0] = jnp.sqrt(Sxx/Del)
    dcs[1] = jnp.sqrt(S/Del)
    return cs, dcs


# origin: CambridgeUniversityPress/NumericalMethodsPhysicsWithPython/second_edition/codes/linefit.py
@public(([0.0, 0.2, 0.4, 0.6], [3.085, 3.123, 3.224, 3.36], [0.048, 0.053, 0.02, 0.005], [3.07, 0.45]),
        category='statistics')
def computechisq(dataxs,datays,datasigs,cs):
    chisq = jnp.sum((datays-cs[0]-cs[1]*dataxs)**2/datasigs**2)
    return chisq


# origin: CambridgeUniversityPress/NumericalMethodsPhysicsWithPython/second_edition/codes/newblack.py
@public(([1.0, 2.0, 1.5], 2.0), ([1.0, 2.0, 1.5], [1.0, 4.0]), category='statistics')
def model(cs,x):
    return cs[0] + cs[1]*x**cs[2]


# origin: CambridgeUniversityPress/NumericalMethodsPhysicsWithPython/second_edition/codes/newblack.py
@public(([[1.0, 2.0, 3.0, 4.0], [3.0, 6.657, 11.392, 17.0], [1.0, 1.0, 1.0, 1.0]], [1.1, 1.9, 1.45]),
        category='statistics')
def getKrs(data, cs):
    K = jnp.zeros((data.shape[1], cs.size))
    K[:,0] = 1/data[2,:]
    K[:,1] = data[0,:]**cs[2]/data[2,:]
    K[:,2] = cs[1]*data[0,:]**cs[2]*jnp.log(data[0,:])/data[2,:]
    rs = (data[1,:] - model(cs, data[0,:]))/data[2,:]
    return K, rs


# origin: CambridgeUniversityPress/NumericalMethodsPhysicsWithPython/second_edition/codes/newblack.py
@public(([[1.0, 2.0, 3.0, 4.0, 5.0], [3.0, 6.656854, 11.392305, 17.0, 23.36068], [1.0, 1.0, 1.0, 1.0, 1.0]],
         [1.1, 1.9, 1.45], 50, 1e-5),
        ([[1.0, 2.0, 3.0, 4.0, 5.0], [3.0, 6.656854, 11.392305, 17.0, 23.36068], [1.0, 1.0, 1.0, 1.0, 1.0]],
         [1.1, 1.9, 1.45], 3, 1e-5), category='statistics')
def gaussnewton(data, colds, kmax=50, tol=1.e-8):
    for k in range(1,kmax):
        K, rs = getKrs(data, colds)
        cnews = colds + gauelim_pivot(K.T@K, K.T@rs)
        err = termcrit(colds,cnews)
        print(k,err)
        if err < tol:
            break
        colds = jnp.copy(cnews)
    return cnews


# origin: CambridgeUniversityPress/NumericalMethodsPhysicsWithPython/second_edition/codes/newnormal.py (phi_newnormal, renamed from phi)
@public((5, 2, [1.0, 2.0]), (2, 1, [1.0, 2.0]), (2, 0, [1.0, 2.0]), category='statistics')
def phi_newnormal(n,k,x):
    if n==5:
        val = x**k
    elif n==2:
        val = 1. if k==0 else jnp.sin(x)
    return val


# origin: CambridgeUniversityPress/NumericalMethodsPhysicsWithPython/second_edition/codes/vectorfield.py
@public(([-1.5, 0.5, 1.5], [-1.0, 0.3, 1.0]), ([0.0, 2.0], [0.5, -0.5]), category='physics & engineering')
def makefield(xs, ys):
    qtopos = {1: (-1,0), -1: (1,0)}
    n = len(xs)
    Exs = [[0. for k in range(n)] for j in range(n)]
    Eys = deepcopy(Exs)
    for j,x in enumerate(xs):
        for k,y in enumerate(ys):
            for q,pos in qtopos.items():
                posx, posy = pos
                R = jnp.sqrt((x - posx)**2 + (y - posy)**2)
                Exs[k][j] += q*(x - posx)/R**3
                Eys[k][j] += q*(y - posy)/R**3
    return Exs, Eys


# origin: CambridgeUniversityPress/NumericalMethodsPhysicsWithPython/second_edition/codes/action.py
@public((0, 2.0), (1, 2.0), (0, [1.0, -0.5]), category='physics & engineering')
def fod(der,x):
    return -x**3 if der==0 else -3*x**2


# origin: CambridgeUniversityPress/NumericalMethodsPhysicsWithPython/second_edition/codes/action.py
def params():
    nvar = 99; m = 1.
    xini, xfin = 2., 0.
    tt = 1.; dt = tt/(nvar+1)
    return nvar, m, xini, xfin, dt


# origin: CambridgeUniversityPress/NumericalMethodsPhysicsWithPython/second_edition/codes/action.py
@public(([0.5*(-1)**i + 0.01*i for i in range(1, 100)],), category='physics & engineering')
def actfs(xs):
    nvar, m, xini, xfin, dt = params()
    arr = jnp.zeros(nvar)
    arr[0] = (m/dt)*(2*xs[0]-xini-xs[1]) + dt*fod(0,xs[0])
    arr[1:-1] = (m/dt)*(2*xs[1:-1] - xs[:-2] - xs[2:])
    arr[1:-1] += dt*fod(0,xs[1:-1])
    arr[-1] = (m/dt)*(2*xs[-1]-xs[-2]-xfin) + dt*fod(0,xs[-1])
    return arr


# origin: CambridgeUniversityPress/NumericalMethodsPhysicsWithPython/second_edition/codes/chargearray.py
@public(([3.0, 4.0],), ([0.5, -0.5, 1.0],), category='physics & engineering')
def vecmag(rs):
    sq = [r**2 for r in rs]
    return jnp.sqrt(kahansum(sq))


# origin: CambridgeUniversityPress/NumericalMethodsPhysicsWithPython/second_edition/codes/kron.py
@public(([[0.0, 1.0], [1.0, 0.0]], [[1.0, 2.0], [3.0, 4.0]]), category='linear algebra')
def kron(U,V):
    n = U.shape[0]
    p = V.shape[0]
    W = jnp.zeros((n*p,n*p), dtype=jnp.complex64)
    for i in range(n):
        for k in range(n):
            for j in range(p):
                for l in range(p):
                    W[p*i+j,p*k+l] = U[i,k]*V[j,l]
    return W


# origin: CambridgeUniversityPress/NumericalMethodsPhysicsWithPython/second_edition/codes/kron.py
def paulimatrices():
    sigx = jnp.array([0.,1,1,0]).reshape(2,2)
    sigy = jnp.array([0.,-1j,1j,0]).reshape(2,2)
    sigz = jnp.array([1.,0,0,-1]).reshape(2,2)
    return sigx, sigy, sigz


# origin: CambridgeUniversityPress/NumericalMethodsPhysicsWithPython/second_edition/codes/twospins.py
@public((1.0, 2.0, 0.5), (0.0, 0.0, 1.0), category='physics & engineering')
def twospins(omI,omII,gam):
    hbar = 1.
    paulis = paulimatrices()
    iden = jnp.identity(2)

    SIs = [hbar*kron(pa,iden)/2 for pa in paulis]
    SIIs = [hbar*kron(iden,pa)/2 for pa in paulis]
    SIdotII = sum([SIs[i]@SIIs[i] for i in range(3)])

    H = -omI*SIs[2] - omII*SIIs[2] + gam*SIdotII
    H = H.real
    return H


# origin: f-fathurrahman/ffr-MetodeNumerik/chapra_7th/ch05/root_bisection.py
@public((lambda x: x**3 - 2*x - 5, 2.0, 3.0, 100, 1e-5),
        (lambda x: x**3 - 2*x - 5, 2.0, 3.0, 4, 1e-5),
        (lambda x: x**3 - 2*x - 5, 3.0, 4.0, 100, 1e-5), category='root finding')
def root_bisection(f, xl, xu, NiterMax=100, TOL=1e-10):
    fxl = f(xl)
    fxu = f(xu)
    assert xl < xu
    assert fxl*fxu < 0
    #
    for i in range(1,NiterMax+1):
        xr = 0.5*(xl + xu)
        fxr = f(xr)
        print("bisection: %4d %18.10f %18.10e" % (i, xr, fxr))
        if abs(fxr) < TOL:
            break # convergence achieved
        if fxl*fxr < 0:
            xu = xr
            fxu = fxr
        else:
            xl = xr
            fxl = fxr
    return xr


# origin: f-fathurrahman/ffr-MetodeNumerik/chapra_7th/ch05/root_regula_falsi.py
@public((lambda x: x**3 - 2*x - 5, 2.0, 3.0, 100, 1e-4), (lambda x: x**2 - 2, 0.0, 2.0, 100, 1e-5),
        category='root finding')
def root_regula_falsi(f, xl, xu, NiterMax=100, TOL=1e-10):
    fxl = f(xl)
    fxu = f(xu)
    assert xl < xu
    assert fxl*fxu < 0
    #
    for i in range(1,NiterMax+1):
        xr = xu - fxu*(xl - xu)/(fxl - fxu)
        fxr = f(xr)
        print("regula_falsi: %4d %18.10f %18.10e" % (i, xr, fxr))
        if abs(fxr) < TOL:
            break # convergence achieved
        if fxl*fxr < 0:
            xu = xr
            fxu = fxr
        else:
            xl = xr
            fxl = fxr
    return xr


# origin: f-fathurrahman/ffr-MetodeNumerik/chapra_7th/ch05/root_regula_falsi_mod.py
@public((lambda x: x**10 - 1, 0.0, 1.3, 100, 1e-4), (lambda x: x**2 - 2, 0.0, 2.0, 100, 1e-5),
        category='root finding')
def root_regula_falsi_mod(f, xl, xu, NiterMax=100, TOL=1e-10):
    fxl = f(xl)
    fxu = f(xu)
    assert xl < xu
    assert fxl*fxu < 0
    #
    il = 0
    iu = 0
    for i in range(1,NiterMax+1):
        xr = xu - fxu*(xl - xu)/(fxl - fxu)
        fxr = f(xr)
        print("regula_falsi_mod: %4d %18.10f %18.10e" % (i, xr, fxr))
        if abs(fxr) < TOL:
            break # convergence achieved
        if fxl*fxr < 0:
            xu = xr
            fxu = fxu
            iu = 0
            il = il + 1
            if il >= 2:
                fxl = 0.5*fxl
        else:
            xl = xr
            fxl = fxr
            il = 0
            iu = iu + 1
            if iu >= 2:
                fxu = 0.5*fxu
    return xr


# origin: f-fathurrahman/ffr-MetodeNumerik/chapra_7th/ch05/root_ridder.py
@public((lambda x: x**3 - 2*x - 5, 2.0, 3.0, 100, 1e-5), (lambda x: x*x - 4, 2.0, 3.0, 100, 1e-5),
        (lambda x: x*x + 1, 0.0, 1.0, 100, 1e-5), category='root finding')
def root_ridder(f, x1, x2, NiterMax=100, TOL=1.0e-10):

    assert TOL >= 0.0

    f1 = f(x1)
    if abs(f1) <= TOL:
        return x1

    f2 = f(x2)
    if abs(f2) <= TOL:
        return x2

    if f1*f2 > 0.0:
        raise RuntimeError("Root is not bracketed")

    # For the purpose of calculating relative error
    x3 = 0.0

    for i in range(1,NiterMax+1):

        c = 0.5*(x1 + x2)
        fc = f(c)

        s = jnp.sqrt(fc**2 - f1*f2)
        if s == 0.0:
            raise RuntimeError("s is zero in ridder")

        dx = (c - x1)*fc/s
        if (f1 - f2) < 0:
            dx = -dx

        # new approximation of root
        x3 = c + dx
        f3 = f(x3)

        print("ridder: %5d %18.10f %15.5e" % (i, x3, abs(f3)))

        if abs(f3) <= TOL:
            return x3

        # Rebracket
        if fc*f3 > 0.0:
            if f1*f3 < 0.0:
                x2 = x3
                f2 = f3
            else:
                x1 = x3
                f1 = f3
        else:
            x1 = c
            x2 = x3
            f1 = fc
            f2 = f3

    # No root is found after NiterMax iterations
    print("No root is found returning last value")
    return x3


# origin: f-fathurrahman/ffr-MetodeNumerik/chapra_7th/ch06/root_brent.py
@public((lambda x: x**3 - 2*x - 5, 2.0, 3.0, 1e-5, 100), (lambda x: (x + 3)*(x - 1)**2, -4.0, 4.0 / 3, 1e-5, 100),
        (lambda x: x - 1.0, 0.0, 1.0, 1e-5, 100), category='root finding')
def root_brent(f, xl, xu, TOL=1.0e-10, NiterMax=100):

    a = xl
    b = xu
    fa = f(a)
    fb = f(b)

    c = a
    fc = fa
    d = b - c
    e = d

    b_old = 0.0

    for i in range(1,NiterMax+1):

        b_old = b

        if abs(fb) == 0:
            return b

        if fa*fb > 0:
            a = c
            fa = fc
            d = b - c
            e = d

        if abs(fa) < abs(fb):
            c = b
            b = a
            a = c

            fc = fb
            fb = fa
            fa = fc

        m = 0.5*(a - b)
        if abs(m) <= TOL or abs(fb) <= TOL:
            break

        if abs(e) >= TOL and abs(fc) > abs(fb):
            s = fb/fc
            if a == c:
                p = 2*m*s
                q = 1 - s
            else:
                q = fc/fa
                r = fb/fa
                p = s*( 2*m*q*(q-r) - (b-c)*(r-1) )
                q = (q-1)*(r-1)*(s-1)

            if p > 0.0:
                q = -q
            else:
                p = -p

            if 2*p < (3*m*q - abs(TOL*q)) and p < abs(0.5*e*q):
                e = d
                d = p/q
            else:
                d = m
                e = m
        else:
            d = m
            e = m

        c = b
        fc = fb

        if abs(d) > TOL:
            b = b + d
        else:
            b = b - jnp.sign(b-a)*TOL

        fb = f(b)

        print("brent: %5d %18.10f %15.5e" % (i, b, abs(fb)))

    return b


# origin: f-fathurrahman/ffr-MetodeNumerik/chapra_7th/ch06/root_fixed_point.py
@public((lambda x: jnp.exp(-x), 0.0, 100, 1e-5),
        (lambda x: jnp.exp(-x), 0.0, 3, 1e-5), category='root finding')
def root_fixed_point(g, x0, NiterMax=100, TOL=1e-10):
    # Initial guess
    x = x0
    for i in range(1,NiterMax+1):
        xnew = g(x)
        Δx = abs(xnew - x)
        print("fixed_point: %3d %18.10f %13.5e" % (i, xnew, Δx))
        # we are not using relative error here
        if Δx < TOL:
            x = xnew
            break
        x = xnew
    return x


# origin: f-fathurrahman/ffr-MetodeNumerik/chapra_7th/ch06/root_newton_raphson.py
@public((lambda x: jnp.exp(-x) - x, lambda x: -jnp.exp(-x) - 1, 0.0, 100, 1e-6, 1),
        (lambda x: (x - 3)**2 * (x - 1), lambda x: 2*(x - 3)*(x - 1) + (x - 3)**2, 0.0, 100, 1e-5, 2),
        category='root finding')
def root_newton_raphson(f, df, x0, NiterMax=100, TOL=1e-10, m=1):
    x = x0
    for i in range(1,NiterMax+1):
        xnew = x  - m*f(x)/df(x) # Newton-Raphson formula
        fxnew = f(xnew)
        print("newton_raphson: %3d %18.10f %18.10e" % (i, xnew, fxnew))
        if abs(f(xnew)) < TOL:
            x = xnew
            break
        x = xnew
    return x


# origin: f-fathurrahman/ffr-MetodeNumerik/chapra_7th/ch06/root_newton_raphson.py
@public((lambda x: (x - 3)**3 * (x - 1), lambda x: 3*(x - 3)**2*(x - 1) + (x - 3)**3,
         lambda x: 6*(x - 3)*(x - 1) + 6*(x - 3)**2, 0.0, 100, 1e-5), category='root finding')
def root_newton_raphson_mod(f, df, d2f, x0, NiterMax=100, TOL=1e-10):
    x = x0
    for i in range(1,NiterMax+1):
        fx = f(x)
        dfx = df(x)
        d2fx = d2f(x)
        # Using equation 6.16
        xnew = x  - fx*dfx/( dfx**2 - fx*d2fx )
        fxnew = f(xnew)
        print("newton_raphson_mod: %3d %18.10f %18.10e" % (i, xnew, fxnew))
        if abs(f(xnew)) < TOL:
            x = xnew
            break
        x = xnew
    return x


# origin: f-fathurrahman/ffr-MetodeNumerik/chapra_7th/ch06/root_secant.py
@public((lambda x: jnp.exp(-x) - x, 0.0, 1.0, 100, 1e-6), (lambda x: x**2 - 2, 1.0, 2.0, 100, 1e-5),
        category='root finding')
def root_secant(f, x0, x1, NiterMax=100, TOL=1e-10):
    for i in range(1,NiterMax+1):
        # approximation of derivative of f(x)
        dfx = (f(x0) - f(x1))/(x0 - x1)
        if abs(dfx) < 1e-12:
            print("WARNING: small dfx = ", dfx)
        xnew = x1 - f(x1)/dfx
        #
        fxnew = f(xnew)
        print("secant: %3d %18.10f %18.10e" % (i, xnew, fxnew))
        if abs(f(xnew)) < TOL:
            x1 = xnew
            break
        x0 = x1
        x1 = xnew
    return x1


# origin: f-fathurrahman/ffr-MetodeNumerik/chapra_7th/ch06/root_secant.py
@public((lambda x: jnp.exp(-x) - x, 1.0, 0.01, 100, 1e-6), (lambda x: x**2 - 2, 1.0, 0.01, 100, 1e-5),
        category='root finding')
def root_secant_mod(f, x1, δ=0.01, NiterMax=100, TOL=1e-10):
    for i in range(1,NiterMax+1):
        # approximation of derivative of f(x)
        dfx = (f(x1+δ) - f(x1))/δ
        if abs(dfx) < 1e-12:
            print("WARNING: small dfx = ", dfx)
        xnew = x1 - f(x1)/dfx
        #
        fxnew = f(xnew)
        print("%3d %18.10f %18.10e" % (i, xnew, fxnew))
        if abs(f(xnew)) < TOL:
            x1 = xnew
            break
        x1 = xnew
    return x1


# origin: f-fathurrahman/ffr-MetodeNumerik/chapra_7th/ch07/root_bairstow.py
@public((1.0, 2.0), (1.0, -3.0), category='root finding')
def quadroot(r, s):
    disc = r**2 + 4.0*s
    if disc > 0:
        r1 = (r + jnp.sqrt(disc))/2.0
        r2 = (r - jnp.sqrt(disc))/2.0
        i1 = 0.0
        i2 = 0.0
    else:
        r1 = r/2.0
        r2 = r1
        i1 = jnp.sqrt(abs(disc))/2.0
        i2 = -i1
    return r1, i1, r2, i2


# origin: f-fathurrahman/ffr-MetodeNumerik/chapra_7th/ch07/root_bairstow.py
@public(([-2.0, 1.0, -2.0, 1.0], -1.0, -1.0, 100, 1e-6), ([6.0, -5.0, -2.0, 1.0], -1.0, -1.0, 100, 1e-6),
        category='root finding')
def root_bairstow( a_, rr=1.0, ss=1.0, NiterMax=100, SMALL=1e-10 ):

    a = jnp.copy(a_) # do not modify the input

    Ndeg = len(a) - 1

    re = jnp.zeros(Ndeg)
    im = jnp.zeros(Ndeg)

    b = jnp.zeros(Ndeg+1)
    c = jnp.zeros(Ndeg+1)

    r = rr
    s = ss
    n = Ndeg
    ier = 0
    ea1 = 1.0
    ea2 = 1.0

    iteration = 0

    while True:

        #print("\nBefore factorization:")
        #print("n = ", n)
        #print("a = ", a)
        #print("b = ", b)
        #print("c = ", c)

        if (n < 3) or (iteration >= NiterMax) :
            #print("Exit main loop")
            break

        iteration = 0
        while True:
            #
            iteration = iteration + 1
            #
            if iteration >= NiterMax:
                #print("Break inner loop")
                break
            #
            #print("inner loop iter = ", iteration)
            #
            b[n] = a[n]
            b[n-1] = a[n-1] + r*b[n]
            #
            c[n] = b[n]
            c[n-1] = b[n-1] + r*c[n]
            #
            for i in range(n-2,-1,-1):
                b[i] = a[i] + r*b[i+1] + s*b[i+2]
                c[i] = b[i] + r*c[i+1] + s*c[i+2]
            #
            #print("a = ", a)
            #print("b = ", b)
            #print("c = ", c)
            det = c[2]*c[2] - c[3]*c[1]
            #print("det = ", det)
            #exit()
            #
            if abs(det) >= SMALL:
                dr = ( -b[1]*c[2] + b[0] * c[3] ) / det
                ds = ( -b[0]*c[2] + b[1] * c[1] ) / det
                r = r + dr
                s = s + ds
                #print("r = %18.10f s = %18.10f" % (r, s))
                #print("dr = %18.10f ds = %18.10f" % (dr, ds))
            else:
                # Update with different initial r and s
                print("INFO: Resetting iter")
                r = r + 1.0
                s = s + 1.0
                iteration = 0
            if (abs(dr) <= SMALL) and (abs(ds) <= SMALL):
                #print("INFO: Found roots")
                break

        r1, i1, r2, i2  = quadroot(r, s)
        re[n-1] = r1
        im[n-1] = i1
        re[n-2] = r2
        im[n-2] = i2

        n = n - 2
        for i in range(0,n+1):
            a[i] = b[i+2]

    if iteration < NiterMax:
        if n == 2:
            r = -a[1]/a[2]
            s = -a[0]/a[2]
            r1, i1, r2, i2 = quadroot(r, s)
            re[n-1] = r1
            im[n-1] = i1
            re[n-2] = r2
            im[n-2] = i2
        else:
            re[n-1] = -a[0]/a[1]
            im[n-1] = 0.0
    else:
        print("WARNING: there are some errors")
        ier = 1

    # Convert to complex-valued array
    zroots = jnp.zeros(Ndeg, dtype=jnp.complex128)
    # `numpy.complex128`: Complex number type composed
    # of 2 64-bit-precision floating-point numbers.
    for i in range(Ndeg):
        zroots[i] = complex(re[i], im[i])
    return zroots


# origin: f-fathurrahman/ffr-MetodeNumerik/chapra_7th/ch13/optim_brent.py
@public((lambda x: (x - 2)**2 + 1, 0.0, 5.0, 1e-5, 100, False),
        (lambda x: 2*jnp.sin(x) - x**2/10, 0.0, 4.0, 1e-5, 100, True), category='optimisation')
def optim_brent(f, xl, xu, TOL=1e-10, NiterMax=100, verbose=True):

    SMALL = jnp.finfo(jnp.float64).resolution

    ϕ = (1 + jnp.sqrt(5))/2
    ρ = 2.0 - ϕ
    u = xl + ρ*(xu - xl)
    v = u
    w = u
    x = u
    fu = f(u)
    fv = fu
    fw = fu
    fx = fu
    xm = 0.5*(xl + xu)
    d = 0.0
    e = 0.0

    iiter = 0

    while True:

        iiter = iiter + 1

        if verbose:
            print("\nBegin iter = ", iiter)
            print("x      = %18.10f" % x)
            print("xm     = %18.10f" % xm)
            print("fu     = %18.10f" % fu)
            print("x - xm = %18.10e" % abs(x - xm))

        if abs(x - xm) <= TOL:
            if verbose:
                print("Converged")
            break

        if iiter >= NiterMax:
            if verbose:
                print("WARNING: Maximum iterations reached")
            break

        para = abs(e) > TOL

        if para:
            # Try using parabolic interp
            r = (x - w)*(fx - fv)
            q = (x - v)*(fx - fw)
            p = (x - v)*q - (x - w)*r
            s = 2*(q - r)
            if s > 0:
                p = -q
            s = abs(s)
            #
            cond1 = abs(p) < abs(0.5*s*e)
            cond2 = p > s*(xl - x)
            cond3 = p < s*(xu - x)
            para = cond1 and cond2 and cond3
            # Parabolic interpolation step
            if para:
                if verbose:
                    print("Parabolic interpolation is used")
                e = d
                d = p/s

        if not para:
            if verbose:
                print("Using golden section")
            if x >= xm:
                e = xl - x
            else:
                e = xu - x
            d = ρ*e

        u = x + d
        fu = f(u)

        if fu <= fx:
            if u >= x:
                xl = x
            else:
                xu = x
            v = w; fv = fw
            w = x; fw = fx
            x = u; fx = fu
        else:
            #
            if u < x:
                xl = u
            else:
                xu = u
            #
            if (fu <= fw) or (abs(w - x) <= SMALL):
                v = w; fv = fw
                w = u; fw = fu
            elif (fu <= fv) or (abs(v - x) <= SMALL) or (abs(v - w) <= SMALL):
                v = u; fv = fu
        #
        xm = 0.5*(xl + xu)

    return xu, fu


# origin: f-fathurrahman/ffr-MetodeNumerik/chapra_7th/ch13/optim_golden_ratio.py
@public((lambda x: (x - 2)**2 + 1, 0.0, 5.0, 100, 1e-5, False),
        (lambda x: -(2*jnp.sin(x) - x**2/10), 0.0, 4.0, 100, 1e-5, True), category='optimisation')
def optim_golden_ratio(f, xlow, xhigh, NiterMax=100, TOL=1e-10, verbose=True):

    SMALL = jnp.finfo(jnp.float64).resolution

    ϕ = (jnp.sqrt(5) - 1)/2
    xl = xlow
    xu = xhigh
    iiter = 1
    d = ϕ*(xu - xl)
    x1 = xl + d
    x2 = xu - d
    f1 = f(x1)
    f2 = f(x2)

    if verbose:
        print("Iteration: ", 0)
        print()
        print("xl = %18.10f xu = %18.10f" % (xl, xu))
        print("-"*47)
        print("x2 = %18.10f x1 = %18.10f" % (x2, x1))
        print("f2 = %18.10f f1 = %18.10f" % (f2, f1))

    if f1 < f2:
        xopt = x1
        fxopt = f1
        if verbose:
            print("-"*47)
            print("f1 is the current optimum value")
            print("(xopt,fxopt) = (%18.10f,%18.10f)" % (xopt, fxopt))
    else:
        xopt = x2
        fxopt = f2
        if verbose:
            print("-"*47)
            print("f2 is the current optimum value")
            print("(xopt,fxopt) = (%18.10f,%18.10f)" % (xopt, fxopt))

    for iiter in range(1,NiterMax+1):

        d = ϕ*d
        xint = xu - xl

        if f1 < f2:
            xl = x2
            x2 = x1
            x1 = xl + d
            f2 = f1
            f1 = f(x1)
            if verbose:
                print("")
                print("For next iteration: ")
                print("- Replacing xl with x2")
                print("- New point: x1 = %18.10f" % x1)
                print("- xu is not changed")
                print("- Replacing x2 with x1")
        else:
            xu = x1
            x1 = x2
            x2 = xu - d
            f1 = f2
            f2 = f(x2)
            if verbose:
                print("")
                print("For next iteration: ")
                print("- xl is not changed")
                print("- x1 is replaced by x2")
                print("- New point: x2 = %18.10f" % x2)
                print("- xu is replaced by x1")

        if verbose:
            print("")
            print("Iteration: ", iiter)
            print("xl = %18.10f xu = %18.10f" % (xl, xu))
            print("-"*47)
            print("x2 = %18.10f x1 = %18.10f" % (x2, x1))
            print("f2 = %18.10f f1 = %18.10f" % (f2, f1))

        #
        if f1 < f2:
            xopt = x1
            fxopt = f1
            if verbose:
                print("-"*47)
                print("f1 is the current optimum value")
                print("(xopt,fxopt) = (%18.10f,%18.10f)" % (xopt, fxopt))
        else:
            xopt = x2
            fxopt = f2
            if verbose:
                print("-"*47)
                print("f2 is the current optimum value")
                print("(xopt,fxopt) = (%18.10f,%18.10f)" % (xopt, fxopt))

        if abs(xopt) > SMALL:
            ea = (1 - ϕ)*abs(xint/xopt)
        else:
            # The above might fail if xopt is very close to zero
            # We set xint as the convergence criteria
            ea = xint

        if verbose:
            print("Interval length = %18.10e" % xint)
            print("ea              = %18.10e" % ea)

        if ea <= TOL:
            if verbose:
                print("Converged")
            break

    return xopt, fxopt


# origin: f-fathurrahman/ffr-MetodeNumerik/chapra_7th/ch18/lagrange_interp.py
@public(([1.0, 4.0, 6.0], [0.0, 1.386294, 1.791759], 2.0), ([1.0, 2.0], [1.0, 4.0], 1.5), category='interpolation')
def lagrange_interp(x, y, xx):
    assert(len(x) == len(y))
    N = len(x) - 1  # length of array is (N + 1)
    ss = 0.0
    for i in range(0,N+1):
        pp = y[i]
        for j in range(0,N+1):
            if i != j:
                pp = pp*( xx - x[j] ) / ( x[i] - x[j] )
        ss = ss + pp
    return ss


# origin: f-fathurrahman/ffr-MetodeNumerik/chapra_7th/ch18/newton_interp.py
@public(([1.0, 4.0, 6.0, 5.0], [0.0, 1.386294, 1.791759, 1.609438], 2.0), category='interpolation')
def newton_interp(x, y, xi):

    assert(len(x) == len(y))
    N = len(x) - 1  # length of array is (N + 1)

    yint = jnp.zeros(N+1)
    ea = jnp.zeros(N)

    # finite divided difference table
    fdd = jnp.zeros((N+1,N+1))

    for i in range(0,N+1):
        fdd[i,0] = y[i]

    for j in range(1,N+1):
        for i in range(0,N-j+1):
            fdd[i,j] = ( fdd[i+1,j-1] - fdd[i,j-1] ) / ( x[i+j] - x[i] )

    xterm = 1.0
    yint[0] = fdd[0,0]

    for order in range(1,N+1):
        xterm = xterm * ( xi - x[order-1] )
        yint2 = yint[order-1] + fdd[0,order]*xterm
        ea[order-1] = yint2 - yint[order-1]
        yint[order] = yint2

    return yint, ea


# origin: f-fathurrahman/ffr-MetodeNumerik/chapra_7th/ch18/natural_cubic_spline.py
@public(([3.0, 4.5, 7.0, 9.0], [2.5, 1.0, 2.5, 0.5], [0.0, 1.6791, -1.5313, 0.0], 5.0),
        ([3.0, 4.5, 7.0, 9.0], [2.5, 1.0, 2.5, 0.5], [0.0, 1.6791, -1.5313, 0.0], 8.5),
        ([3.0, 4.5, 7.0, 9.0], [2.5, 1.0, 2.5, 0.5], [0.0, 1.6791, -1.5313, 0.0], 10.0),
        category='interpolation')
def interp_nat_cubic_spline( x, y, d2x, xu ):

    assert len(x) == len(y)
    N = len(x) - 1

    success = False
    i = 1

    while True:

        is_in_interval = (x[i-1] <= xu <= x[i])

        if is_in_interval:
            c1 = d2x[i-1]/6.0/( x[i] - x[i-1] )
            c2 = d2x[i]/6.0/( x[i] - x[i-1] )
            c3 = y[i-1]/(x[i] - x[i-1]) - d2x[i-1]*(x[i] - x[i-1])/6.0
            c4 = y[i]/(x[i] - x[i-1]) - d2x[i]*(x[i] - x[i-1])/6.0
            #
            t1 = c1*( x[i] - xu )**3
            t2 = c2*( xu - x[i-1] )**3
            t3 = c3*( x[i] - xu )
            t4 = c4*( xu - x[i-1] )
            yu = t1 + t2 + t3 + t4
            #
            t1 = -3.0*c1*( x[i] - xu )**2
            t2 = 3.0*c2*( xu - x[i-1] )**2
            t3 = -c3
            t4 = c4
            dy = t1 + t2 + t3 + t4
            #
            t1 = 6.0*c1*( x[i] - xu )
            t2 = 6.0*c2*( xu - x[i-1] )
            d2y = t1 + t2
            #
            success = True
            #
        else:
            #
            i = i + 1

        if i == (N + 1) or success:
            break # break out of the loop

    if not success:
        raise RuntimeError("xu is outside range of spline")

    return yu, dy, d2y


# origin: f-fathurrahman/ffr-MetodeNumerik/chapra_7th/ch18/natural_cubic_spline.py
@public(([0.0, 0.6, 0.25], [2.0, 2.5, 3.0], [0.5, 1.0, 0.0], [1.0, 2.0, 3.0]), category='linear algebra')
def subs_trid(e, f, g, r):
    N = len(e)
    assert N == len(f)
    assert N == len(g)

    # Forward subs
    for k in range(1,N):
        r[k] = r[k] - e[k]*r[k-1]

    # back subs
    x = jnp.zeros(N)
    x[N-1] = r[N-1]/f[N-1]
    for k in range(N-2,-1,-1):
        x[k] = ( r[k] - g[k]*x[k+1] ) / f[k]
    return x


# origin: f-fathurrahman/ffr-MetodeNumerik/chapra_7th/ch18/natural_cubic_spline.py
@public(([3.0, 4.5, 7.0, 9.0], [2.5, 1.0, 2.5, 0.5]), ([0.0, 1.0, 2.0, 3.0, 4.0], [0.0, 1.0, 0.0, 1.0, 0.0]),
        category='interpolation')
def gen_trid_matrix(x, y):

    assert len(x) == len(y)
    N = len(x) - 1

    e = jnp.zeros(N-1)
    f = jnp.zeros(N-1)
    g = jnp.zeros(N-1)
    r = jnp.zeros(N-1)

    f[0] = 2.0*( x[2] - x[0] )
    g[0] = x[2] - x[1]
    r[0] = 6.0/( x[2] - x[1] ) * ( y[2] - y[1] )
    r[0] = r[0] + 6.0/( x[1] - x[0] ) * ( y[0] - y[1] )
    #
    for i in range(2,N-1):  # in Fortran: 2 until N-2
        e[i-1] = x[i] - x[i-1]
        f[i-1] = 2.0*( x[i+1] - x[i-1] )
        g[i-1] = x[i+1] - x[i]
        r[i-1] = 6.0/( x[i+1] - x[i] ) * ( y[i+1] - y[i] )
        r[i-1] = r[i-1] + 6.0/( x[i] - x[i-1] ) * ( y[i-1] - y[i] )

    e[N-2] = x[N-1] - x[N-2]
    f[N-2] = 2.0*( x[N] - x[N-2] )
    r[N-2] = 6.0/( x[N] - x[N-1] ) * ( y[N] - y[N-1] )
    r[N-2] = r[N-2] + 6.0/( x[N-1] - x[N-2] ) * ( y[N-2] - y[N-1] )

    return e, f, g, r


# origin: f-fathurrahman/ffr-MetodeNumerik/chapra_7th/ch21/integ_routines.py
@public((lambda x: 0.2 + 25*x - 200*x**2 + 675*x**3 - 900*x**4 + 400*x**5, 0.0, 0.8, 4),
        (lambda x: jnp.exp(-x), 0.0, 1.0, 1), category='quadrature')
def integ_trapz_multiple( f, a, b, N ):
    x0 = a
    xN = b
    h = (b - a)/N
    ss = 0.0
    for i in range(1,N):
        xi = x0 + i*h
        ss = ss + f(xi)
    I = h/2 * ( f(x0) + 2*ss + f(xN) )
    return I


# origin: f-fathurrahman/ffr-MetodeNumerik/chapra_7th/ch21/integ_routines.py
@public((lambda x: 0.2 + 25*x - 200*x**2 + 675*x**3 - 900*x**4 + 400*x**5, 0.0, 0.8, 4),
        (lambda x: jnp.exp(-x), 0.0, 1.0, 1), category='quadrature')
def integ_simpson13_multiple( f, a, b, N ):

    assert N >= 2

    x0 = a
    xN = b
    h = (b - a)/N
    x = jnp.linspace(a, b, N+1)

    ss_odd = 0.0
    for i in range(1,N,2):
        ss_odd = ss_odd + f(x[i])

    ss_even = 0.0
    for i in range(2,N-1,2):
        ss_even = ss_even + f(x[i])

    I = (b - a)/(3*N) * ( f(x0) + 4*ss_odd + 2*ss_even + f(xN) )
    return I


# origin: f-fathurrahman/ffr-MetodeNumerik/chapra_7th/ch21/integ_routines.py
@public((lambda x: jnp.exp(-x), 0.0, 1.0), category='quadrature')
def integ_boole(f, a, b):
    h = (b-a)/4
    x0 = a
    x1 = a + h
    x2 = a + 2*h
    x3 = a + 3*h
    x4 = b

    s = 7*f(x0) + 32*f(x1) + 12*f(x2) + 32*f(x3) + 7*f(x4)
    return (b-a)*s/90


# origin: f-fathurrahman/ffr-MetodeNumerik/chapra_7th/ch21/integ_routines.py
@public((lambda x: jnp.exp(-x), 0.0, 1.0, 3),
        (lambda x: jnp.exp(-x), 0.0, 1.0, 1), category='quadrature')
def integ_boole_multiple(f, a, b, N):
    s = 0.0
    Δ = (b-a)/N
    for i in range(N):
        aa = a + i*Δ
        bb = a + (i+1)*Δ
        s = s + integ_boole(f, aa, bb)
    return s


# origin: f-fathurrahman/ffr-MetodeNumerik/chapra_7th/ch22/integ_romberg.py
@public((lambda x: 0.2 + 25*x - 200*x**2 + 675*x**3 - 900*x**4 + 400*x**5, 0.0, 0.8, 1e-4, 10),
        category='quadrature')
def integ_romberg(f, a, b, es=1e-10, MAXIT=10):
    I = jnp.zeros( (MAXIT+2,MAXIT+2) )
    n = 1
    # We start from I[1,1], to follow the book's notation
    I[1,1] = integ_trapz_multiple(f, a, b, n)
    iterConv = 0
    for i in range(1,MAXIT+1):
        n = 2**i
        I[i+1,1] = integ_trapz_multiple(f, a, b, n)
        #
        for k in range(2,i+2):
            j = 2 + i - k
            I[j,k] = ( 4**(k-1)*I[j+1,k-1] - I[j,k-1] )/ (4**(k-1) - 1)
        #
        ea = abs( (I[1,i+1] - I[2,i])/I[1,i+1] )*100 # in percent
        if ea <= es:
            iterConv = i
            print("Converged")
            break
        # Here we set iterConv to i to make sure that the last value
        # will be returned in case of no convergence.
        iterConv = i
    # to make sure that we are use variable that is defined outside the loop
    # we use iterConv instead of i
    print("iterConv = ", iterConv)
    return I[1,iterConv+1]


# origin: f-fathurrahman/ffr-MetodeNumerik/chapra_7th/ch27/my_ode_solve.py
@public((lambda x, y: -2*x**3 + 12*x**2 - 20*x + 8.5, 0.0, 1.0, 0.5),
        (lambda x, y: jnp.array([y[1], -y[0]]), 0.0, [1.0, 0.0], 0.1), category='ode solvers')
def ode_rk4_1step(dfunc, xi, yi, h):
    k1 = dfunc(xi, yi)
    k2 = dfunc(xi + 0.5*h, yi + 0.5*k1*h)
    k3 = dfunc(xi + 0.5*h, yi + 0.5*k2*h)
    k4 = dfunc(xi + h, yi + k3*h)
    yip1 = yi + (k1 + 2*k2 + 2*k3 + k4)*h/6
    return yip1


# origin: f-fathurrahman/ffr-MetodeNumerik/chapra_7th/ch27/my_ode_solve.py
@public((lambda x, y: jnp.array([y[1], -y[0]]), ode_rk4_1step, 0.0, [1.0, 0.0], 0.1, 5), category='ode solvers')
def ode_solve(dfunc, do_1step, x0, y0, h, Nstep):
    Nvec = len(y0)
    x = jnp.zeros(Nstep+1)
    y = jnp.zeros((Nstep+1,Nvec))
    # Start with initial cond
    x[0] = x0
    y[0,:] = y0[:]
    for i in range(0,Nstep):
        x[i+1] = x[i] + h
        y[i+1,:] = do_1step(dfunc, x[i], y[i,:], h)
    return x, y


# origin: f-fathurrahman/ffr-MetodeNumerik/chapra_7th/ch14/optim_sd.py
@public(([-1.0, 1.0],), ([2.0, 1.0],), category='optimisation')
def my_func(X):
    x, y = X[0], X[1]
    return 2*x*y + 2*x - x**2 - 2*y**2


# origin: f-fathurrahman/ffr-MetodeNumerik/chapra_7th/ch14/optim_sd.py
@public(([-1.0, 1.0],), category='optimisation')
def grad_my_func(X):
    x, y = X[0], X[1]
    dfdx = 2*y + 2 - 2*x
    dfdy = 2*x - 4*y
    return jnp.array([dfdx, dfdy]) # return as numpy array


# origin: f-fathurrahman/ffr-MetodeNumerik/chapra_7th/ch14/optim_sd.py
@public((lambda X: -my_func(X), lambda X: -grad_my_func(X), [-1.0, 1.0], 0.1, 1000),
        (lambda X: -my_func(X), lambda X: -grad_my_func(X), [-1.0, 1.0], 0.1, 5), category='optimisation')
def optim_SD_simple(func, grad_func, x0, α=0.1, NiterMax=1000):

    x = jnp.copy(x0)

    for iiter in range(1,NiterMax+1):

        print("\nIteration: ", iiter)
        print("Current point: ", x)

        f = func(x)
        g = grad_func(x)
        d = -g # step direction, we search for minimum

        norm_g = jnp.sqrt(jnp.dot(g,g))
        print("f      = %18.10f" % f)
        print("norm g = %18.10e" % norm_g)
        if norm_g < 1e-10:
            print("Converged")
            break

        # Update x
        x = x + α*d

    return x, f


# origin: f-fathurrahman/ffr-MetodeNumerik/chapra_7th/ch14/optim_sd.py
@public((lambda X: -grad_my_func(X), [-1.0, 1.0], [-2.0, 6.0], [2.0, -6.0], 1e-5),
        (lambda X: -grad_my_func(X), [2.0, 1.0], [0.0, 0.0], [0.0, 0.0], 1e-5), category='optimisation')
def linmin_grad(grad_func, x, g, d, αt=1e-5):
    xt = x + αt*d
    gt = grad_func(xt)
    denum = jnp.dot(g - gt, d)
    if denum != 0.0:
        α = abs( αt * jnp.dot(g, d)/denum )
    else:
        α = 0.0
    return α


# origin: f-fathurrahman/ffr-MetodeNumerik/chapra_7th/ch14/optim_sd.py
@public((lambda X: -my_func(X), lambda X: -grad_my_func(X), [-1.0, 1.0], 1),
        (lambda X: -my_func(X), lambda X: -grad_my_func(X), [2.0, 1.0], 100), category='optimisation',
        note='float32: each step divides two differences of nearly equal gradients (linmin_grad, '
             'step 1e-5), so from the second step on eager and jit (plain jax.jit too) round apart')
def optim_SD_linmin(func, grad_func, x0, NiterMax=1000):
    x = jnp.copy(x0)
    for iiter in range(1,NiterMax+1):
        #
        print("\nIteration: ", iiter)
        print("Current point: ", x)
        #
        f = func(x)
        g = grad_func(x)
        d = -g # step direction, we search for minimum

        norm_g = jnp.sqrt(jnp.dot(g,g))
        print("f      = %18.10f" % f)
        print("norm g = %18.10e" % norm_g)
        if norm_g < 1e-10:
            print("Converged")
            break

        α = linmin_grad(grad_func, x, g, d)
        x = x + α*d

    return x, f


# origin: TrestanSimon/APPM4600/common_algorithms.py (bisection_appm, renamed from bisection)
@public((lambda x: x**2 - 2, 0.0, 2.0, 1e-5, 1000),
        (lambda x: x**2 - 2, 0.0, 2.0, 1e-5, 5),
        (lambda x: x**2 + 2, 0.0, 2.0, 1e-5, 1000), category='root finding')
def bisection_appm(f, a, b, tol, n_max=1000):
    if f(a) * f(b) > 0:
        raise Exception("a and b are the same sign")

    for i in range(n_max):
        midpoint = (a + b) / 2.

        if f(a) * f(midpoint) > 0:
            a = midpoint
        else:
            b = midpoint
        if abs(a - b) <= tol:
            return midpoint, i+1

    raise Exception("Number of iterations exceeded n_max")


# origin: TrestanSimon/APPM4600/common_algorithms.py
@public((lambda x: jnp.cos(x), 1.0, 1e-5, 200),
        (lambda x: jnp.cos(x), 1.0, 1e-5, 3), category='root finding')
def fixedpt(f, p0, tol, n_max):
    for i in range(n_max):
        p1 = f(p0)
        if abs(p1 - p0) < tol:
            return p1
        else:
            p0 = p1

    raise Exception("Number of iterations exceeded n_max")


# origin: TrestanSimon/APPM4600/common_algorithms.py (newton_appm, renamed from newton)
@public((lambda x: x**2 - 2, lambda x: 2*x, 1.0, 1e-6, 50),
        (lambda x: x**2 - 2, lambda x: 2*x, 1.0, 1e-6, 2), category='root finding')
def newton_appm(f, df, p0, tol, n_max):
    def g(x):
        return x - f(x) / df(x)
    return fixedpt(g, p0, tol, n_max)


# origin: nrbjerg/CSB/EOPG2/temp.py
@public((lambda x: jnp.sin(x), 0.0, 0.0, 1.0, 0.84147098), category='quadrature')
def _quad_simpsons_mem(f, a, fa, b, fb):
    m = (a + b) / 2
    fm = f(m)
    return (m, fm, abs(b - a) / 6 * (fa + 4 * fm + fb))


# origin: nrbjerg/CSB/EOPG2/temp.py
def _quad_asr(f, a, fa, b, fb, eps, whole, m, fm):
    lm, flm, left  = _quad_simpsons_mem(f, a, fa, m, fm)
    rm, frm, right = _quad_simpsons_mem(f, m, fm, b, fb)
    delta = left + right - whole
    if abs(delta) <= 15 * eps:
        return left + right + delta / 15
    return _quad_asr(f, a, fa, m, fm, eps/2, left , lm, flm) +\
           _quad_asr(f, m, fm, b, fb, eps/2, right, rm, frm)


# origin: nrbjerg/CSB/EOPG2/temp.py
@public((lambda x: jnp.sin(x), 0.0, 1.0, 1e-5), (lambda x: x**2, 0.0, 1.0, 1e-3), category='quadrature')
def quad_asr(f, a, b, eps):
    fa, fb = f(a), f(b)
    m, fm, whole = _quad_simpsons_mem(f, a, fa, b, fb)
    return _quad_asr(f, a, fa, b, fb, eps, whole, m, fm)


# origin: tutou2356/for-QC-Devs-grid/adaptive_simpson.py (simpson_qc, renamed from simpson)
@public((lambda x: x ** 2, 0.0, 1.0), category='quadrature')
def simpson_qc(f, a, b):
    c = (a + b) / 2
    return (b - a) / 6 * (f(a) + 4 * f(c) + f(b))


# origin: tutou2356/for-QC-Devs-grid/adaptive_simpson.py
@public((lambda x: x ** 2, 0.0, 1.0, 1e-6, 100), (lambda x: jnp.sqrt(x), 0.0, 1.0, 1e-3, 3),
        category='quadrature')
def adaptive_simpson(f, a, b, tol=1e-6, max_depth=100):
    c = (a + b) / 2
    s = simpson_qc(f, a, b)  # Simpson's rule over the whole interval
    s1 = simpson_qc(f, a, c)  # Simpson's rule over [a, c]
    s2 = simpson_qc(f, c, b)  # Simpson's rule over [c, b]

    # Check if the error is within tolerance or max depth is reached
    if abs(s1 + s2 - s) < 15 * tol or max_depth == 0:
        return s1 + s2

    # Recursively subdivide the interval and integrate
    return (adaptive_simpson(f, a, c, tol / 2, max_depth - 1) +
            adaptive_simpson(f, c, b, tol / 2, max_depth - 1))


# origin: Rudra-Dhara/NM-Assignment/assignment2/Self_defined_functions/root_fn.py
@public((lambda x, a: x**2 - a, lambda x, a: 2*x, 1.0, 1e-5, 2.0),
        (lambda x, a, b: x**3 - a*x - b, lambda x, a, b: 3*x**2 - a, 2.0, 1e-4, 2.0, 5.0), category='root finding')
def NR_rt(F,f,x_start,x_tol,*args):
    while abs(F(x_start,*args))>x_tol:
        x_start =x_start - F(x_start,*args)/f(x_start,*args)

    return x_start


# origin: jianzhi-1/math-ucb/fa23-128a/runge-kutta-fehlberg.py
@public((lambda t, y: y - t**2 + 1, 0.0, 2.0, 0.5, 1e-5, 0.25, 0.01), category='ode solvers')
def runge_kutta_fehlberg(f, a, b, alpha, tol, hmax, hmin):
    t = a
    w = alpha
    h = hmax
    flag = 1

    res = [(t, w)]

    while flag == 1:
        K1 = h*f(t, w)
        K2 = h*f(t + 1./4.*h, w + 1./4.*K1)
        K3 = h*f(t + 3./8.*h, w + 3./32.*K1 + 9./32.*K2)
        K4 = h*f(t + 12./13.*h, w + 1932./2197.*K1 - 7200./2197.*K2 + 7296./2197.*K3)
        K5 = h*f(t + h, w + 439./216.*K1 - 8.*K2 + 3680./513.*K3 - 845./4104.*K4)
        K6 = h*f(t + 1./2.*h, w - 8./27.*K1 + 2.*K2 - 3544./2565.*K3 + 1859./4104.*K4 - 11./40.*K5)
        R = 1./h*abs(1./360.*K1 - 128./4275.*K3 - 2197./75240.*K4 + 1./50.*K5 + 2./55.*K6)
        if R <= tol:
            t = t + h
            w = w + 25./216.*K1 + 1408./2565.*K3 + 2197./4104.*K4 - 1./5.*K5
            res.append((t, w))
        delta = 0.84*(tol/R)**0.25
        if delta <= 0.1:
            h = 0.1*h
        elif delta >= 4:
            h = 4*h
        else:
            h = delta*h
        h = min(h, hmax)
        if t >= b:
            flag = 0
        elif t + h > b:
            h = b - t
        elif h < hmin:
            flag = 0
            assert False, "minimum h exceeded"
    return res


# origin: wellimbharath/tycho-simulation/protosim/src/gss.py
gr = (jnp.sqrt(5) + 1) / 2

# origin: wellimbharath/tycho-simulation/protosim/src/gss.py
@public((lambda x: (x - 2)**2, 1.0, 5.0, 1e-5), (lambda x: jnp.cos(x), 0.0, 6.0, 1e-4), category='optimisation')
def gss(f, a, b, tol=1e-5):
    c = b - (b - a) / gr
    d = a + (b - a) / gr
    while abs(b - a) > tol:
        if f(c) < f(d):  # f(c) > f(d) to find the maximum
            b = d
        else:
            a = c

        # We recompute both c and d here to avoid loss of precision which may lead to incorrect results or infinite loop
        c = b - (b - a) / gr
        d = a + (b - a) / gr

    return (b + a) / 2


# origin: clasocki/text_categorization/online_variance.py
@public(([1.0, -1.0, 2.0, 3.0, 0.0, 4.02, 5.0],), ([4.0],), category='statistics')
def online_variance(data):
    n = 0
    mean = 0.0
    M2 = 0.0

    for x in data:
        n += 1
        delta = x - mean
        mean += delta/n
        delta2 = x - mean
        M2 += delta*delta2

    if n < 2:
        return float('nan')
    else:
        return M2 / (n - 1)


# origin: phychembio/kobinterface/test.py (stats_kob, renamed from stats)
@public(([1.0, -1.0, 2.0, 3.0, 0.0, 4.02, 5.0],), category='statistics')
def stats_kob(x):
  n = 0
  S = 0.0
  m = 0.0
  for x_i in x:
    n = n + 1
    m_prev = m
    m = m + (x_i - m) / n
    S = S + (x_i - m) * (x_i - m_prev)
  return {'mean': m, 'variance': S/n}


# origin: brenuart/LINGE1225/test_sem9_1.py
@public(([4100, 4150, 4200, 4400, 4300], 1, 3), category='signal processing')
def calculMoyenne(data, pos, k):
    somme = 0
    for i in range(pos, pos+k):
        somme += data[i]

    return somme / k


# origin: brenuart/LINGE1225/test_sem9_1.py
@public(([4100, 4150, 4200, 4400, 4300, 4200, 4100, 4300, 4500], 3), ([1.0, 2.0], 3), category='signal processing')
def moyenne_mobile02(data,k):
    size = len(data)

    # not enough data
    if k > size:
        return []

    result = []
    for i in range(size-k+1):
        result.append(calculMoyenne(data, i, k))

    return result


# origin: choosen23/HackerRank/CorrelationAndRegressionLines1.py
@public(([15, 12, 8, 8, 7, 7, 7, 6, 5, 3], [10, 25, 17, 11, 13, 17, 20, 13, 9, 15]),
        ([1.0, 1.0, 1.0, 1.0], [2.0, 3.0, 4.0, 5.0]), category='statistics')
def pearsonr(x, y):
  # Assume len(x) == len(y)
  n = len(x)
  sum_x = float(sum(x))
  sum_y = float(sum(y))
  sum_x_sq = sum(map(lambda x: pow(x, 2), x))
  sum_y_sq = sum(map(lambda x: pow(x, 2), y))
  psum = sum(map(lambda x, y: x * y, x, y))
  num = psum - (sum_x * sum_y/n)
  den = pow((sum_x_sq - pow(sum_x, 2) / n) * (sum_y_sq - pow(sum_y, 2) / n), 0.5)
  if den == 0: return 0
  return num / den


# origin: MarcosRecio/StatisticsEducation/PearsonCorrelationCoefficient_Covariance.py (mean_se, renamed from mean)
@public(([1.0, 2.0, 4.0],), category='statistics')
def mean_se(l):
    return sum(l)/len(l)


# origin: MarcosRecio/StatisticsEducation/PearsonCorrelationCoefficient_Covariance.py
@public(([1.0, 2.0, 4.0],), ([2, 4, 4, 4, 5, 5, 7, 9],), category='statistics')
def standard_deviation(l):
    s = 0
    m = mean_se(l)
    for i in l:
        s+= (i-m)**2
    return (s/(len(l)))**0.5


# origin: MarcosRecio/StatisticsEducation/PearsonCorrelationCoefficient_Covariance.py (covariance_se, renamed from covariance)
@public(([1.0, 2.0, 4.0], [2.0, 1.0, 0.5], 3), category='statistics')
def covariance_se(a,b, n):
    mean_a = mean_se(a)
    mean_b = mean_se(b)
    s = 0
    for i in zip(a,b):
        s+= (i[0]-mean_a)*(i[1]-mean_b)
    return s/n


# origin: MarcosRecio/StatisticsEducation/PearsonCorrelationCoefficient_Covariance.py
@public(([1.0, 2.0, 4.0], [2.0, 1.0, 0.5], 3), category='statistics')
def pearson_correlation(a,b,n):
    return covariance_se(a,b,n)/(standard_deviation(a)*standard_deviation(b))


# origin: CloseSu/caltest/linear_relation/cor.py
@public(([2, 3, 3, 3, 4],), category='statistics')
def sigma(x):
    total = 0
    for i in x:
        total += i
    return total


# origin: CloseSu/caltest/linear_relation/cor.py
@public(([2.0, 3.0, 3.0, 3.0, 4.0],), category='statistics')
def sigma_pow_2(x):
    total = 0
    for i in x:
        total += jnp.power(i, 2)
    return total


# origin: CloseSu/caltest/linear_relation/cor.py
def sigma_x_muti_y(x,y):
    total = 0
    for i,j in zip(x,y):
        total += i * j
    return total


# origin: CloseSu/caltest/linear_relation/cor.py
def ss_xx(x):
    sigma_pow_2_x = sigma_pow_2(x)
    sigma_x = sigma(x)
    return sigma_pow_2_x - jnp.power(sigma_x, 2) / len(x)


# origin: CloseSu/caltest/linear_relation/cor.py
def ss_xy(x,y):
    sigma_xy = sigma_x_muti_y(x, y)
    sigma_x = sigma(x)
    sigma_y = sigma(y)
    return sigma_xy - sigma_x * sigma_y / len(x)


# origin: CloseSu/caltest/linear_relation/cor.py
@public(([2, 3, 3, 3, 4, 4, 5, 5, 5, 6], [28.7, 24.8, 26, 30.5, 23.8, 24.6, 23.8, 20.4, 21.6, 22.1]),
        category='statistics')
def cor_xy(x,y):
    return ss_xy(x,y) / (jnp.sqrt(ss_xx(x) * ss_xx(y)))


# origin: fdrgrn/SF2/Mechanics/eulermethod.py
@public((1.0, 0.0, 0.5, 1.22, 0.015, 0.003, [], -9.8, 0.02), category='physics & engineering', arrays=[6])
def eulers_method(y, v, c, p, A, mass, arr, acceleration, t):
    v += acceleration * t
    y += v * t
    acceleration = -9.8 + (c * p * A * v**2) / (2 * mass)
    arr = jnp.append(arr, y)
    return v, y, acceleration, arr
