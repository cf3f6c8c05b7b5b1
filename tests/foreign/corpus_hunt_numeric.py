"""Numerical Python by others (ODE steppers, quadrature, series, filters,
finance, searches, DP over arrays, small simulations), run eager vs converted
by the differential harness (harness.py). Edits as in corpus_numerics.py:
`math.*` / `np.*` on values that may be traced -> `jnp.*`; an array a function
allocates and then assigns items into stays `np.zeros(...)` as written, with
`dtype=np.float32`; scripts and test functions are wrapped into a `# driver`.
"""
from __future__ import annotations

import math
import sys
from dataclasses import dataclass
from math import factorial

import jax
import jax.numpy as jnp
import numpy as np

from tests.foreign.harness import case

F = lambda *v: np.array(v, np.float32)  # noqa: E731


def ode_lin(x, y):  # driver: y' = y
    return y


def ode_xy(x, y):  # driver: y' = x + y
    return x + y


def ode_sq(x, y):  # driver: y' = 1 + y^2 (tan)
    return 1 + y * y


def cube(x):  # driver
    return x ** 3


def sq(x):  # driver
    return x * x


# ------------------------------------------------------------ fractals

# origin: TheAlgorithms/Python/fractals/mandelbrot.py
@case((0.0, 0.0, 50), (1.0, 1.0, 50), (-0.75, 0.1, 50), (0.3, 0.5, 50), static=(2,), vmap=True)
def get_distance(x: float, y: float, max_step: int) -> float:
    a = x
    b = y
    for step in range(max_step):  # noqa: B007
        a_new = a * a - b * b + x
        b = 2 * a * b + y
        a = a_new
        # divergence happens for all complex number with an absolute value
        # greater than 4
        if a * a + b * b > 4:
            break
    return step / (max_step - 1)


# ------------------------------------------------------------ ODE steppers

# origin: TheAlgorithms/Python/maths/euler_method.py
# (np.ceil on static values kept; dtype=np.float32)
@case((ode_lin, 1.0, 0.0, 0.05, 1.0), (ode_xy, 0.5, 0.0, 0.1, 1.0), static=(0, 2, 3, 4), np_ref=True, grad=1)
def explicit_euler(ode_func, y0: float, x0: float, step_size: float, x_end: float):
    n = int(np.ceil((x_end - x0) / step_size))
    y = np.zeros((n + 1,), dtype=np.float32)
    y[0] = y0
    x = x0

    for k in range(n):
        y[k + 1] = y[k] + step_size * ode_func(x, y[k])
        x += step_size

    return y


# origin: TheAlgorithms/Python/maths/euler_modified.py
@case((ode_xy, 1.0, 0.0, 0.2, 1.0), (ode_lin, 1.0, 0.0, 0.1, 1.0), static=(0, 2, 3, 4), np_ref=True, grad=1)
def euler_modified(ode_func, y0: float, x0: float, step_size: float, x_end: float):
    n = int(np.ceil((x_end - x0) / step_size))
    y = np.zeros((n + 1,), dtype=np.float32)
    y[0] = y0
    x = x0

    for k in range(n):
        y_get = y[k] + step_size * ode_func(x, y[k])
        y[k + 1] = y[k] + (
            (step_size / 2) * (ode_func(x, y[k]) + ode_func(x + step_size, y_get))
        )
        x += step_size

    return y


# origin: TheAlgorithms/Python/maths/numerical_analysis/runge_kutta.py
@case((ode_lin, 1.0, 0.0, 0.05, 1.0), (ode_xy, 0.0, 0.0, 0.25, 1.0), static=(0, 2, 3, 4), np_ref=True, grad=1)
def runge_kutta(f, y0, x0, h, x_end):
    n = int(np.ceil((x_end - x0) / h))
    y = np.zeros((n + 1,), dtype=np.float32)
    y[0] = y0
    x = x0

    for k in range(n):
        k1 = f(x, y[k])
        k2 = f(x + 0.5 * h, y[k] + 0.5 * h * k1)
        k3 = f(x + 0.5 * h, y[k] + 0.5 * h * k2)
        k4 = f(x + h, y[k] + h * k3)
        y[k + 1] = y[k] + (1 / 6) * h * (k1 + 2 * k2 + 2 * k3 + k4)
        x += h

    return y


# origin: TheAlgorithms/Python/maths/numerical_analysis/runge_kutta_fehlberg_45.py
@case((ode_sq, 0.0, 0.0, 0.2, 1.0), (ode_xy, 0.0, -1.0, 0.1, 0.0), (ode_xy, 1.0, 1.0, 0.1, 0.0),
      static=(0, 1, 3, 4), np_ref=True, grad=2)
def runge_kutta_fehlberg_45(func, x_initial: float, y_initial: float, step_size: float,
                            x_final: float):
    if x_initial >= x_final:
        raise ValueError(
            "The final value of x must be greater than initial value of x."
        )

    if step_size <= 0:
        raise ValueError("Step size must be positive.")

    n = int((x_final - x_initial) / step_size)
    y = np.zeros(
        (n + 1),
        dtype=np.float32,
    )
    x = np.zeros(n + 1, dtype=np.float32)
    y[0] = y_initial
    x[0] = x_initial
    for i in range(n):
        k1 = step_size * func(x[i], y[i])
        k2 = step_size * func(x[i] + step_size / 4, y[i] + k1 / 4)
        k3 = step_size * func(
            x[i] + (3 / 8) * step_size, y[i] + (3 / 32) * k1 + (9 / 32) * k2
        )
        k4 = step_size * func(
            x[i] + (12 / 13) * step_size,
            y[i] + (1932 / 2197) * k1 - (7200 / 2197) * k2 + (7296 / 2197) * k3,
        )
        k5 = step_size * func(
            x[i] + step_size,
            y[i] + (439 / 216) * k1 - 8 * k2 + (3680 / 513) * k3 - (845 / 4104) * k4,
        )
        k6 = step_size * func(
            x[i] + step_size / 2,
            y[i]
            - (8 / 27) * k1
            + 2 * k2
            - (3544 / 2565) * k3
            + (1859 / 4104) * k4
            - (11 / 40) * k5,
        )
        y[i + 1] = (
            y[i]
            + (16 / 135) * k1
            + (6656 / 12825) * k3
            + (28561 / 56430) * k4
            - (9 / 50) * k5
            + (2 / 55) * k6
        )
        x[i + 1] = step_size + x[i]
    return y


# origin: TheAlgorithms/Python/maths/numerical_analysis/runge_kutta_gills.py
@case((ode_xy, 0.0, 0.0, 0.2, 1.0), (ode_lin, 0.0, 1.0, 0.1, 1.0), static=(0, 3, 4), np_ref=True, grad=2)
def runge_kutta_gills(func, x_initial: float, y_initial: float, step_size: float,
                      x_final: float):
    if x_initial >= x_final:
        raise ValueError(
            "The final value of x must be greater than initial value of x."
        )

    if step_size <= 0:
        raise ValueError("Step size must be positive.")

    n = int((x_final - x_initial) / step_size)
    y = np.zeros(n + 1, dtype=np.float32)
    y[0] = y_initial
    for i in range(n):
        k1 = step_size * func(x_initial, y[i])
        k2 = step_size * func(x_initial + step_size / 2, y[i] + k1 / 2)
        k3 = step_size * func(
            x_initial + step_size / 2,
            y[i] + (-0.5 + 1 / math.sqrt(2)) * k1 + (1 - 1 / math.sqrt(2)) * k2,
        )
        k4 = step_size * func(
            x_initial + step_size, y[i] - (1 / math.sqrt(2)) * k2 + (1 + 1 / math.sqrt(2)) * k3
        )

        y[i + 1] = y[i] + (k1 + (2 - math.sqrt(2)) * k2 + (2 + math.sqrt(2)) * k3 + k4) / 6
        x_initial += step_size
    return y


# origin: TheAlgorithms/Python/maths/numerical_analysis/adams_bashforth.py
# (step_3 only; dtype=np.float32)
@dataclass
class AdamsBashforth:
    func: object
    x_initials: list
    y_initials: list
    step_size: float
    x_final: float

    def __post_init__(self) -> None:
        if self.x_initials[-1] >= self.x_final:
            raise ValueError(
                "The final value of x must be greater than the initial values of x."
            )

        if self.step_size <= 0:
            raise ValueError("Step size must be positive.")

        if not all(
            round(x1 - x0, 10) == self.step_size
            for x0, x1 in zip(self.x_initials, self.x_initials[1:])
        ):
            raise ValueError("x-values must be equally spaced according to step size.")

    def step_3(self) -> np.ndarray:
        if len(self.x_initials) != 3 or len(self.y_initials) != 3:
            raise ValueError("Insufficient initial points information.")

        x_0, x_1, x_2 = self.x_initials[:3]
        y_0, y_1, y_2 = self.y_initials[:3]

        n = int((self.x_final - x_2) / self.step_size)
        y = np.zeros(n + 4, dtype=np.float32)
        y[0] = y_0
        y[1] = y_1
        y[2] = y_2

        for i in range(n + 1):
            y[i + 3] = y[i + 2] + (self.step_size / 12) * (
                23 * self.func(x_2, y[i + 2])
                - 16 * self.func(x_1, y[i + 1])
                + 5 * self.func(x_0, y[i])
            )
            x_0 = x_1
            x_1 = x_2
            x_2 += self.step_size

        return y


@case((0.0, 0.2, 1.0), (1.0, 1.0, 1.0), np_ref=True, grad=0)
def adams_step3(y0, y1, y2):  # driver: the origin's doctest
    return AdamsBashforth(ode_xy, [0, 0.2, 0.4], [y0, y1, y2], 0.2, 1).step_3()


# ------------------------------------------------------------ quadrature, series

# origin: TheAlgorithms/Python/maths/numerical_analysis/numerical_integration.py
@case((cube, -5.0, 5.0, 10), (sq, 0.0, 2.0, 100), (cube, 1.0, -1.0, 7), static=(0, 3), grad=2, vmap=False)
def trapezoidal_area(fnc, x_start: float, x_end: float, steps: int = 100) -> float:
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


# origin: TheAlgorithms/Python/maths/numerical_analysis/newton_forward_interpolation.py
@case((1.0, 2), (0.1, 3), (2.5, 5), static=(1,), grad=0)
def ucal(u: float, p: int) -> float:
    temp = u
    for i in range(1, p):
        temp = temp * (u - i)
    return temp


# origin: TheAlgorithms/Python/maths/sin.py
# (radians -> jnp.radians)
@case((0.0,), (90.0,), (-30.0,), (400.0,), (715.0,), vmap=True)
def sin_ta(angle_in_degrees: float, accuracy: int = 8, rounded_values_count: int = 4) -> float:
    # Simplify the angle to be between 360 and -360 degrees.
    angle_in_degrees = angle_in_degrees - ((angle_in_degrees // 360.0) * 360.0)

    # Converting from degrees to radians
    angle_in_radians = jnp.radians(angle_in_degrees)

    result = angle_in_radians
    a = 3
    b = -1

    for _ in range(accuracy):
        result += (b * (angle_in_radians**a)) / factorial(a)

        b = -b  # One positive term and the next will be negative and so on...
        a += 2  # Increased by 2 for every term.

    return round(result, rounded_values_count)


# ------------------------------------------------------------ finance

# origin: TheAlgorithms/Python/financial/equated_monthly_installments.py
@case((25000.0, 0.12, 3), (25000.0, 0.12, 10), (10000.0, 0.05, 1), (-5.0, 0.1, 2),
      static=(2,), grad=1)
def equated_monthly_installments(principal: float, rate_per_annum: float,
                                 years_to_repay: int) -> float:
    if principal <= 0:
        raise Exception("Principal borrowed must be > 0")
    if rate_per_annum < 0:
        raise Exception("Rate of interest must be >= 0")
    if years_to_repay <= 0 or not isinstance(years_to_repay, int):
        raise Exception("Years to repay must be an integer > 0")

    # Yearly rate is divided by 12 to get monthly rate
    rate_per_month = rate_per_annum / 12

    # Years to repay is multiplied by 12 to get number of payments as payment is monthly
    number_of_payments = years_to_repay * 12

    return (
        principal
        * rate_per_month
        * (1 + rate_per_month) ** number_of_payments
        / ((1 + rate_per_month) ** number_of_payments - 1)
    )


# origin: TheAlgorithms/Python/financial/exponential_moving_average.py
def exponential_moving_average(stock_prices, window_size: int):
    if window_size <= 0:
        raise ValueError("window_size must be > 0")

    # Calculating smoothing factor
    alpha = 2 / (1 + window_size)

    # Exponential average at timestamp t
    moving_average = 0.0

    for i, stock_price in enumerate(stock_prices):
        if i <= window_size:
            # Assigning simple moving average till the window_size for the first time
            moving_average = (moving_average + stock_price) * 0.5 if i else stock_price
        else:
            # Calculating exponential moving average based on current timestamp data
            # point and previous exponential average value
            moving_average = (alpha * stock_price) + ((1 - alpha) * moving_average)
        yield moving_average


@case(([2.0, 5.0, 3.0, 8.2, 6.0, 9.0, 10.0], 3), (F(2, 5, 3, 8.2, 6, 9, 10), 3), static=(1,))
def ema_driver(stock_prices, window_size):  # driver: the origin's __main__
    return tuple(exponential_moving_average(iter(stock_prices), window_size))


# origin: TheAlgorithms/Python/financial/present_value.py
@case((0.13, [10.0, 20.70, -293.0, 297.0]), (0.07, [-109129.39, 30923.23, 15098.93, 29734.0, 39.0]),
      (0.07, F(-109129.39, 30923.23, 15098.93, 29734.0, 39.0)), (-1.0, [1.0]), grad=0)
def present_value(discount_rate: float, cash_flows) -> float:
    if discount_rate < 0:
        raise ValueError("Discount rate cannot be negative")
    if not cash_flows:
        raise ValueError("Cash flows list cannot be empty")
    present_value = sum(
        cash_flow / ((1 + discount_rate) ** i) for i, cash_flow in enumerate(cash_flows)
    )
    return round(present_value, ndigits=2)


# origin: TheAlgorithms/Python/financial/simple_moving_average.py
@case(([10.0, 12.0, 15.0, 13.0, 14.0, 16.0, 18.0, 17.0, 19.0, 21.0], 3),
      (F(10, 12, 15, 13, 14, 16, 18, 17, 19, 21), 4), static=(1,))
def simple_moving_average(data, window_size: int):
    if window_size < 1:
        raise ValueError("Window size must be a positive integer")

    sma = []

    for i in range(len(data)):
        if i < window_size - 1:
            sma.append(None)  # SMA not available for early data points
        else:
            # Calculate the SMA using a sliding window
            window = data[i - window_size + 1 : i + 1]
            sma_value = sum(window) / window_size
            sma.append(sma_value)

    return sma


# ------------------------------------------------------------ dynamic programming

# origin: TheAlgorithms/Python/dynamic_programming/max_subarray_sum.py
@case(([2, 8, 9],), ([0, 0],), ([-1.0, 0.0, 1.0],), ([-2, 1, -3, 4, -1, 2, 1, -5, 4],),
      ([-2, 3, -1, 5], True), ([-1.0, -2.0, -3.0], True), (F(-2, 1, -3, 4, -1, 2, 1, -5, 4),),
      static=(1,))
def max_subarray_sum(arr, allow_empty_subarrays: bool = False) -> float:
    if not arr:
        return 0

    max_sum = 0 if allow_empty_subarrays else float("-inf")
    curr_sum = 0.0
    for num in arr:
        curr_sum = max(0 if allow_empty_subarrays else num, curr_sum + num)
        max_sum = max(max_sum, curr_sum)

    return max_sum


# origin: TheAlgorithms/Python/dynamic_programming/trapped_water.py
@case(((0, 1, 0, 2, 1, 0, 1, 3, 2, 1, 2, 1),), ((7, 1, 5, 3, 6, 4),), ((3, -1, 2),))
def trapped_rainwater(heights) -> int:
    if not heights:
        return 0
    if any(h < 0 for h in heights):
        raise ValueError("No height can be negative")
    length = len(heights)

    left_max = [0] * length
    left_max[0] = heights[0]
    for i, height in enumerate(heights[1:], start=1):
        left_max[i] = max(height, left_max[i - 1])

    right_max = [0] * length
    right_max[-1] = heights[-1]
    for i in range(length - 2, -1, -1):
        right_max[i] = max(heights[i], right_max[i + 1])

    return sum(
        min(left, right) - height
        for left, right, height in zip(left_max, right_max, heights)
    )


# origin: TheAlgorithms/Python/dynamic_programming/max_non_adjacent_sum.py
@case(([1, 2, 3],), ([1, 5, 3, 7, 2, 2, 6],), ([-1, -5, -3, -7, -2, -2, -6],),
      ([499, 500, -3, -7, -2, -2, -6],), (np.array([1, 5, 3, 7, 2, 2, 6], np.int32),))
def maximum_non_adjacent_sum(nums) -> int:
    if not nums:
        return 0
    max_including = nums[0]
    max_excluding = 0
    for num in nums[1:]:
        max_including, max_excluding = (
            max_excluding + num,
            max(max_including, max_excluding),
        )
    return max(max_excluding, max_including)


# ------------------------------------------------------------ searches

# origin: TheAlgorithms/Python/searches/jump_search.py
_SORTED = np.array([0, 1, 1, 2, 3, 5, 8, 13, 21, 34, 55, 89, 144, 233, 377, 610], np.int32)


@case((_SORTED, 55), (_SORTED, 0), (_SORTED, 610), (_SORTED, 4), (_SORTED, 1000), (_SORTED, -3), vmap=True)
def jump_search(arr, item) -> int:
    arr_size = len(arr)
    block_size = int(math.sqrt(arr_size))

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


# origin: TheAlgorithms/Python/searches/fibonacci_search.py
from functools import lru_cache  # noqa: E402


@lru_cache
def fibonacci_fs(k: int) -> int:
    if not isinstance(k, int):
        raise TypeError("k must be an integer.")
    if k < 0:
        raise ValueError("k integer must be greater or equal to zero.")
    if k == 0:
        return 0
    elif k == 1:
        return 1
    else:
        return fibonacci_fs(k - 1) + fibonacci_fs(k - 2)


@case((_SORTED, 55), (_SORTED, 0), (_SORTED, 610), (_SORTED, 4), (_SORTED, 1000), (_SORTED, 1), vmap=True)
def fibonacci_search(arr, val) -> int:
    len_list = len(arr)
    # Find m such that F_m >= n where F_i is the i_th fibonacci number.
    i = 0
    while True:
        if fibonacci_fs(i) >= len_list:
            fibb_k = i
            break
        i += 1
    offset = 0
    while fibb_k > 0:
        index_k = min(
            offset + fibonacci_fs(fibb_k - 1), len_list - 1
        )  # Prevent out of range
        item_k_1 = arr[index_k]
        if item_k_1 == val:
            return index_k
        elif val < item_k_1:
            fibb_k -= 1
        elif val > item_k_1:
            offset += fibonacci_fs(fibb_k - 1)
            fibb_k -= 2
    return -1


# ------------------------------------------------------------ electronics, filters

# origin: TheAlgorithms/Python/electronics/resistor_equivalence.py
@case(([3.21389, 2.0, 3.0],), ([3.21389, 2.0, -3.0],), ([3.21389, 2.0, 0.0],), (F(4, 4, 2),), grad=None)
def resistor_parallel(resistors) -> float:
    first_sum = 0.00
    for index, resistor in enumerate(resistors):
        if resistor <= 0:
            msg = f"Resistor at index {index} has a negative or zero value!"
            raise ValueError(msg)
        first_sum += 1 / float(resistor)
    return 1 / first_sum


# origin: TheAlgorithms/Python/electronics/resistor_equivalence.py
@case(([3.21389, 2.0, 3.0],), ([1.0, -2.0, 3.0],), (F(4, 4, 2),))
def resistor_series(resistors) -> float:
    sum_r = 0.00
    for index, resistor in enumerate(resistors):
        sum_r += resistor
        if resistor < 0:
            msg = f"Resistor at index {index} has a negative value!"
            raise ValueError(msg)
    return sum_r


# origin: TheAlgorithms/Python/audio_filters/iir_filter.py
class IIRFilter:
    def __init__(self, order: int) -> None:
        self.order = order

        # a_{0} ... a_{k}
        self.a_coeffs = [1.0] + [0.0] * order
        # b_{0} ... b_{k}
        self.b_coeffs = [1.0] + [0.0] * order

        # x[n-1] ... x[n-k]
        self.input_history = [0.0] * self.order
        # y[n-1] ... y[n-k]
        self.output_history = [0.0] * self.order

    def set_coefficients(self, a_coeffs, b_coeffs) -> None:
        if len(a_coeffs) < self.order:
            a_coeffs = [1.0, *a_coeffs]

        if len(a_coeffs) != self.order + 1:
            msg = (
                f"Expected a_coeffs to have {self.order + 1} elements "
                f"for {self.order}-order filter, got {len(a_coeffs)}"
            )
            raise ValueError(msg)

        if len(b_coeffs) != self.order + 1:
            msg = (
                f"Expected b_coeffs to have {self.order + 1} elements "
                f"for {self.order}-order filter, got {len(a_coeffs)}"
            )
            raise ValueError(msg)

        self.a_coeffs = a_coeffs
        self.b_coeffs = b_coeffs

    def process(self, sample: float) -> float:
        result = 0.0

        # Start at index 1 and do index 0 at the end.
        for i in range(1, self.order + 1):
            result += (
                self.b_coeffs[i] * self.input_history[i - 1]
                - self.a_coeffs[i] * self.output_history[i - 1]
            )

        result = (result + self.b_coeffs[0] * sample) / self.a_coeffs[0]

        self.input_history[1:] = self.input_history[:-1]
        self.output_history[1:] = self.output_history[:-1]

        self.input_history[0] = sample
        self.output_history[0] = result

        return result


@case((F(1, 0, 0, 0, 0, 0, 0, 0), 0.2), (F(1, 2, 3, -1, 0.5, 0, 0, 4), 0.5), grad=1)
def iir_driver(samples, k):  # driver: a 2nd-order low-pass on a sample array
    filt = IIRFilter(2)
    filt.set_coefficients([1.0, -1.1429805, 0.4128016], [k, 2 * k, k])
    out = []
    for s in samples:
        out.append(filt.process(s))
    return out


# ------------------------------------------------------------ linear algebra

# origin: TheAlgorithms/Python/linear_algebra/gaussian_elimination.py
# (astype("float64") -> astype("float32"); np.zeros dtype=float -> np.float32; np.dot -> jnp.dot)
def retroactive_resolution(coefficients, vector):
    rows, _columns = np.shape(coefficients)

    x = np.zeros((rows, 1), dtype=np.float32)
    for row in reversed(range(rows)):
        total = jnp.dot(coefficients[row, row + 1 :], x[row + 1 :])
        x[row, 0] = (vector[row][0] - total[0]) / coefficients[row, row]

    return x


@case((np.array([[1, -4, -2], [5, 2, -2], [1, -1, 0]], np.float32), np.array([[-2], [-3], [4]], np.float32)),
      (np.array([[1, 2], [5, 2]], np.float32), np.array([[5], [5]], np.float32)), np_ref=True)
def gaussian_elimination(coefficients, vector):
    # coefficients must to be a square matrix so we need to check first
    rows, columns = np.shape(coefficients)
    if rows != columns:
        return np.array((), dtype=float)

    # augmented matrix
    augmented_mat = np.concatenate((coefficients, vector), axis=1)
    augmented_mat = augmented_mat.astype("float32")

    # scale the matrix leaving it triangular
    for row in range(rows - 1):
        pivot = augmented_mat[row, row]
        for col in range(row + 1, columns):
            factor = augmented_mat[col, row] / pivot
            augmented_mat[col, :] -= factor * augmented_mat[row, :]

    x = retroactive_resolution(
        augmented_mat[:, 0:columns], augmented_mat[:, columns : columns + 1]
    )

    return x


# origin: TheAlgorithms/Python/linear_algebra/lu_decomposition.py
# (np.zeros dtype=np.float32; np.sum -> jnp.sum)
@case((np.array([[2, -2, 1], [0, 1, 2], [5, 3, 1]], np.float32),),
      (np.array([[4, 3], [6, 3]], np.float32),),
      (np.array([[0, 1], [1, 0]], np.float32),),
      (np.array([[1, 2, 3], [2, 4, 7], [1, 1, 1]], np.float32),), np_ref=True)
def lower_upper_decomposition(table):
    # Ensure that table is a square array
    rows, columns = np.shape(table)
    if rows != columns:
        msg = (
            "'table' has to be of square shaped array but got a "
            f"{rows}x{columns} array:\n{table}"
        )
        raise ValueError(msg)

    lower = np.zeros((rows, columns), dtype=np.float32)
    upper = np.zeros((rows, columns), dtype=np.float32)

    # in 'total', the necessary data is extracted through slices
    # and the sum of the products is obtained.

    for i in range(columns):
        for j in range(i):
            total = jnp.sum(lower[i, :i] * upper[:i, j])
            if upper[j][j] == 0:
                raise ArithmeticError("No LU decomposition exists")
            lower[i][j] = (table[i][j] - total) / upper[j][j]
        lower[i][i] = 1
        for j in range(i, columns):
            total = jnp.sum(lower[i, :i] * upper[:i, j])
            upper[i][j] = table[i][j] - total
    return lower, upper


# origin: TheAlgorithms/Python/linear_algebra/src/power_iteration.py
# (np.* -> jnp.*)
@case((np.array([[41, 4, 20], [4, 26, 30], [20, 30, 50]], np.float32), F(41, 4, 20)),
      (np.array([[2, 1, 0], [1, 2, 0], [0, 0, 1]], np.float32), F(1, 0, 0)))
def power_iteration_ta(input_matrix, vector, error_tol: float = 1e-6, max_iterations: int = 100):
    # Ensure matrix is square.
    assert np.shape(input_matrix)[0] == np.shape(input_matrix)[1]
    # Ensure proper dimensionality.
    assert np.shape(input_matrix)[0] == np.shape(vector)[0]
    # Ensure inputs are either both complex or both real
    assert jnp.iscomplexobj(input_matrix) == jnp.iscomplexobj(vector)
    is_complex = jnp.iscomplexobj(input_matrix)
    if is_complex:
        # Ensure complex input_matrix is Hermitian
        assert jnp.array_equal(input_matrix, input_matrix.conj().T)

    # Set convergence to False. Will define convergence when we exceed max_iterations
    # or when we have small changes from one iteration to next.

    convergence = False
    lambda_previous = 0
    iterations = 0
    error = 1e12

    while not convergence:
        # Multiple matrix by the vector.
        w = jnp.dot(input_matrix, vector)
        # Normalize the resulting output vector.
        vector = w / jnp.linalg.norm(w)
        # Find rayleigh quotient
        # (faster than usual b/c we know vector is normalized already)
        vector_h = vector.conj().T if is_complex else vector.T
        lambda_ = jnp.dot(vector_h, jnp.dot(input_matrix, vector))

        # Check convergence.
        error = jnp.abs(lambda_ - lambda_previous) / lambda_
        iterations += 1

        if error <= error_tol or iterations >= max_iterations:
            convergence = True

        lambda_previous = lambda_

    if is_complex:
        lambda_ = jnp.real(lambda_)

    return float(lambda_), vector


# origin: TheAlgorithms/Python/linear_algebra/src/conjugate_gradient.py
# (np.* -> jnp.*; np.copy -> jnp.copy)
def _is_matrix_spd(matrix) -> bool:
    # Check matrix dimensions.
    assert np.shape(matrix)[0] == np.shape(matrix)[1]

    # Check if matrix is symmetric.
    if jnp.allclose(matrix, matrix.T) is False:
        return False

    # Get eigen values and eigen vectors.
    eigen_values, _ = jnp.linalg.eigh(matrix)

    # Check sign of all eigen values.
    # np.all returns a value of type np.bool_
    return bool(jnp.all(eigen_values > 0))


@case((np.array([[8.73256573, -5.02034289, -2.68709226], [-5.02034289, 3.78188322, 0.91980451],
                 [-2.68709226, 0.91980451, 1.94746467]], np.float32), np.array([[-5.80872761], [3.23807431], [1.95381422]], np.float32)),
      (np.array([[4.0, 1.0], [1.0, 3.0]], np.float32), np.array([[1.0], [2.0]], np.float32)))
def conjugate_gradient_ta(spd_matrix, load_vector, max_iterations: int = 1000, tol: float = 1e-5):
    # Ensure proper dimensionality.
    assert np.shape(spd_matrix)[0] == np.shape(spd_matrix)[1]
    assert np.shape(load_vector)[0] == np.shape(spd_matrix)[0]
    assert _is_matrix_spd(spd_matrix)

    # Initialize solution guess, residual, search direction.
    x0 = jnp.zeros((np.shape(load_vector)[0], 1))
    r0 = jnp.copy(load_vector)
    p0 = jnp.copy(r0)

    # Set initial errors in solution guess and residual.
    error_residual = 1e9
    error_x_solution = 1e9
    error = 1e9

    # Set iteration counter to threshold number of iterations.
    iterations = 0

    while error > tol:
        # Save this value so we only calculate the matrix-vector product once.
        w = jnp.dot(spd_matrix, p0)

        # The main algorithm.

        # Update search direction magnitude.
        alpha = jnp.dot(r0.T, r0) / jnp.dot(p0.T, w)
        # Update solution guess.
        x = x0 + alpha * p0
        # Calculate new residual.
        r = r0 - alpha * w
        # Calculate new Krylov subspace scale.
        beta = jnp.dot(r.T, r) / jnp.dot(r0.T, r0)
        # Calculate new A conjuage search direction.
        p = r + beta * p0

        # Calculate errors.
        error_residual = jnp.linalg.norm(r - r0)
        error_x_solution = jnp.linalg.norm(x - x0)
        error = jnp.maximum(error_residual, error_x_solution)

        # Update variables.
        x0 = jnp.copy(x)
        r0 = jnp.copy(r)
        p0 = jnp.copy(p)

        # Update number of iterations.
        iterations += 1
        if iterations > max_iterations:
            break

    return x


# ------------------------------------------------------------ physics

# origin: TheAlgorithms/Python/physics/n_body_simulation.py
# (Body and BodySystem without the plotting)
class Body:
    def __init__(self, position_x, position_y, velocity_x, velocity_y, mass=1.0, size=1.0,
                 color="blue") -> None:
        self.position_x = position_x
        self.position_y = position_y
        self.velocity_x = velocity_x
        self.velocity_y = velocity_y
        self.mass = mass
        self.size = size
        self.color = color

    @property
    def position(self):
        return self.position_x, self.position_y

    @property
    def velocity(self):
        return self.velocity_x, self.velocity_y

    def update_velocity(self, force_x, force_y, delta_time):
        self.velocity_x += force_x * delta_time
        self.velocity_y += force_y * delta_time

    def update_position(self, delta_time):
        self.position_x += self.velocity_x * delta_time
        self.position_y += self.velocity_y * delta_time


class BodySystem:
    def __init__(self, bodies, gravitation_constant=1.0, time_factor=1.0, softening_factor=0.0):
        self.bodies = bodies
        self.gravitation_constant = gravitation_constant
        self.time_factor = time_factor
        self.softening_factor = softening_factor

    def __len__(self) -> int:
        return len(self.bodies)

    def update_system(self, delta_time: float) -> None:
        for body1 in self.bodies:
            force_x = 0.0
            force_y = 0.0
            for body2 in self.bodies:
                if body1 != body2:
                    dif_x = body2.position_x - body1.position_x
                    dif_y = body2.position_y - body1.position_y

                    # Calculation of the distance using Pythagoras's theorem
                    # Extra factor due to the softening technique
                    distance = (dif_x**2 + dif_y**2 + self.softening_factor) ** (1 / 2)

                    # Newton's law of universal gravitation.
                    force_x += (
                        self.gravitation_constant * body2.mass * dif_x / distance**3
                    )
                    force_y += (
                        self.gravitation_constant * body2.mass * dif_y / distance**3
                    )

            # Update the body's velocity once all the force components have been added
            body1.update_velocity(force_x, force_y, delta_time * self.time_factor)

        # Update the positions only after all the velocities have been updated
        for body in self.bodies:
            body.update_position(delta_time * self.time_factor)


@case((0.9700436, -0.24308753, 4), (0.5, 0.1, 2), static=(2,), grad=0)   # (a few frames: make test time)
def nbody_driver(position_x, position_y, steps):  # driver: example_1 run `steps` frames
    velocity_x = 0.466203685
    velocity_y = 0.43236573
    bodies1 = [
        Body(position_x, position_y, velocity_x, velocity_y, size=0.2, color="red"),
        Body(-position_x, -position_y, velocity_x, velocity_y, size=0.2, color="green"),
        Body(0, 0, -2 * velocity_x, -2 * velocity_y, size=0.2, color="blue"),
    ]
    system = BodySystem(bodies1, time_factor=3)
    for _ in range(steps):
        system.update_system(20 / 1000)
    return [b.position for b in system.bodies]


# ------------------------------------------------------------ sequences, matrices

# origin: TheAlgorithms/Python/other/maximum_subsequence.py
@case(([1, 2, 3, 4, -2],), ([-2, -3, -1, -4, -6],), ([2, -1, 3, -8, 5],), (None,), ([],),
      (np.array([2, -1, 3, -8, 5], np.int32),))
def max_subsequence_sum(nums=None) -> int:
    if nums is None or not nums:
        raise ValueError("Input sequence should not be empty")

    ans = nums[0]
    for i in range(1, len(nums)):
        num = nums[i]
        ans = max(ans, ans + num, num)

    return ans


_MAT = [[1, 1, 0], [1, 1, 1], [0, 1, 1]]
_MAT2 = [[1, 1, 1], [1, 1, 1], [1, 1, 1]]
_MAT3 = [[0, 0, 0], [0, 1, 0], [0, 0, 0]]


# origin: TheAlgorithms/Python/matrix/largest_square_area_in_matrix.py
@case((3, 3, _MAT), (3, 3, _MAT2), (3, 3, _MAT3), static=(0, 1))
def largest_square_area_in_matrix_top_down_approch(rows: int, cols: int, mat) -> int:
    def update_area_of_max_square(row: int, col: int) -> int:
        # BASE CASE
        if row >= rows or col >= cols:
            return 0

        right = update_area_of_max_square(row, col + 1)
        diagonal = update_area_of_max_square(row + 1, col + 1)
        down = update_area_of_max_square(row + 1, col)

        if mat[row][col]:
            sub_problem_sol = 1 + min([right, diagonal, down])
            largest_square_area[0] = max(largest_square_area[0], sub_problem_sol)
            return sub_problem_sol
        else:
            return 0

    largest_square_area = [0]
    update_area_of_max_square(0, 0)
    return largest_square_area[0]


# origin: TheAlgorithms/Python/matrix/largest_square_area_in_matrix.py
@case((3, 3, _MAT), (3, 3, _MAT2), (3, 3, _MAT3), static=(0, 1))
def largest_square_area_in_matrix_bottom_up(rows: int, cols: int, mat) -> int:
    dp_array = [[0] * (cols + 1) for _ in range(rows + 1)]
    largest_square_area = 0
    for row in range(rows - 1, -1, -1):
        for col in range(cols - 1, -1, -1):
            right = dp_array[row][col + 1]
            diagonal = dp_array[row + 1][col + 1]
            bottom = dp_array[row + 1][col]

            if mat[row][col] == 1:
                dp_array[row][col] = 1 + min(right, diagonal, bottom)
                largest_square_area = max(dp_array[row][col], largest_square_area)
            else:
                dp_array[row][col] = 0

    return largest_square_area


# ------------------------------------------------------------ every-algorithm: roots

def fq(x):  # driver
    return x * x - 2.0


def dfq(x):  # driver
    return 2.0 * x


def ddfq(x):  # driver
    return 2.0 + 0.0 * x


def fcub(x):  # driver
    return x ** 3 - x - 2.0


def gcos(x):  # driver
    return jnp.cos(x)


# origin: every-algorithm/python/numerical/halleys_method.py
@case((fq, dfq, ddfq, 1.0), (fq, dfq, ddfq, 5.0), (fq, dfq, ddfq, 0.0), grad=3)
def halley(f, fp, fpp, x0, tol=1e-6, max_iter=100):
    x = x0
    for _ in range(max_iter):
        fx = f(x)
        fpx = fp(x)
        fppx = fpp(x)
        denom = 2 * fpx**2 + fx * fppx
        if denom == 0:
            raise ZeroDivisionError("Denominator became zero.")
        x_new = x - (fx * fpx) / denom
        if abs(x_new - x) < tol:
            return x_new
        x = x_new
    raise RuntimeError("Halley's method did not converge within the maximum number of iterations.")


# origin: every-algorithm/python/numerical/ridders_method.py
# (math.sqrt -> jnp.sqrt)
@case((fq, 0.0, 2.0), (fcub, 1.0, 2.0), (fq, 2.0, 3.0), vmap=False)
def ridders_root(f, a, b, tol=1e-5, max_iter=100):
    fa = f(a)
    fb = f(b)
    if fa * fb >= 0:
        raise ValueError("Root must be bracketed: f(a)*f(b) >= 0")
    for _ in range(max_iter):
        c = (a + b) / 2.0
        fc = f(c)
        # compute the next approximation
        s = jnp.sqrt(fc**2 - fa*fb)
        # exponential interpolation formula
        d = c - (c - a) * (fc / s)
        fd = f(d)
        # determine new bracket
        if fa * fd < 0:
            b, fb = d, fd
        else:
            a, fa = d, fd
        # convergence check
        if abs(b - a) < tol:
            return (a + b) / 2.0
    raise RuntimeError("Ridders' method did not converge within the maximum number of iterations")


# origin: every-algorithm/python/numerical/itp_method.py
@case((fq, 0.0, 2.0), (fcub, 1.0, 2.0), (fq, 2.0, 3.0), (fq, 0.0, 1e9))
def itp_method(f, a, b, tol=1e-5, max_iter=100):
    if f(a) * f(b) >= 0:
        raise ValueError("The function must have opposite signs at the interval endpoints.")
    for _ in range(max_iter):
        fa, fb = f(a), f(b)
        # Linear interpolation for the next approximation
        new = a + fa * (b - a) / (fb - fa)
        # Update the interval
        if f(new) < 0:
            b = new
        else:
            a = new
        if abs(b - a) < tol:
            return (a + b) / 2
    return None


# origin: every-algorithm/python/numerical/mullers_method.py
# (math.sqrt kept: the converter maps math functions itself)
@case((fcub, 1.0, 1.5, 2.0), (fq, 0.0, 1.0, 2.0), (fq, 10.0, 11.0, 12.5))
def muller(f, x0, x1, x2, tol=1e-5, max_iter=100):
    for i in range(max_iter):
        # function values at the three points
        f0 = f(x0)
        f1 = f(x1)
        f2 = f(x2)
        h0 = x1 - x0
        h1 = x2 - x1
        delta0 = (f1 - f0) / h0
        delta1 = (f2 - f1) / h1
        # coefficients of the interpolating quadratic
        a = (delta1 - delta0) / (h1 + h0)
        b = a * h1 + delta1
        c = f2
        # compute discriminant and new approximation
        discrim = b*b - 4*a*c
        sqrt_discrim = math.sqrt(discrim)
        if abs(b + sqrt_discrim) > abs(b - sqrt_discrim):
            denom = b + sqrt_discrim
        else:
            denom = b - sqrt_discrim
        # new approximation
        dx = -2 * c / denom
        x3 = x2 + dx
        # check convergence
        if abs(x3 - x2) < tol:
            return x3, i + 1
        # shift points for next iteration
        x0, x1, x2 = x1, x2, x3
    # If convergence not achieved, return last estimate
    return x2, max_iter


# origin: every-algorithm/python/numerical/secant_method.py
@case((fq, 1.0, 2.0), (fcub, 1.0, 2.0), (fq, 1.0, -1.0), (fq, 3.0, 3.0))
def secant_ea(f, x0, x1, tol=1e-6, max_iter=100):
    f0 = f(x0)
    f1 = f(x1)
    for i in range(max_iter):
        # Prevent division by zero
        if f1 == f0:
            break
        x_new = x1 - f1 * (x1 - x0) / (f0 - f1)
        if abs(x_new - x1) < tol:
            # Successful convergence
            return x0
        # Shift points for next iteration
        x0, f0 = x1, f1
        x1, f1 = x_new, f(x_new)
    # If maximum iterations reached without convergence
    return x_new


# origin: every-algorithm/python/numerical/fixed-point_iteration.py
@case((gcos, 0.5), (gcos, 0.7390851), (lambda x: 0.5 * x + 1.0, 2.0), vmap=False)
def fixed_point(g, x0, tol=1e-6, max_iter=100):
    x = x0
    for i in range(max_iter):
        x_next = g(x0)
        if abs(x_next - x) < tol:
            return x
        x = x_next
    raise RuntimeError("Fixed point iteration did not converge")


# origin: every-algorithm/python/numerical/nth_root_algorithm.py
@case((27.0, 3), (16.0, 4), (0.0, 3), (-16.0, 4), (1.0, 2), static=(1,))
def nth_root(x, n, tolerance=1e-6, max_iter=50):
    if n <= 0:
        raise ValueError("n must be positive")
    if x < 0 and n % 2 == 0:
        raise ValueError("Even root of negative number is not real")
    guess = x if x != 0 else 1.0
    for _ in range(max_iter):
        guess = (n - 1) * guess + x / (guess ** (n - 1)) / n
        if abs(guess - x) < tolerance:
            break
    return guess


# origin: every-algorithm/python/numerical/herons_method.py
@case((2.0,), (0.0,), (1.0,), (-4.0,), (25.0,), vmap=False)
def heron_sqrt(n, tolerance=1e-10, max_iter=1000):
    if n < 0:
        raise ValueError("Cannot take sqrt of negative number")
    if n == 0 or n == 1:
        return float(n)
    x = n
    for _ in range(max_iter):
        x_next = 0.5 * (x - n / x)
        if abs(x_next - x_next) < tolerance:
            return x_next
        x = x_next
    return x


# ------------------------------------------------------------ every-algorithm: series, sums

# origin: every-algorithm/python/numerical/gausslegendre_algorithm.py
@case((5,), (0,), (2,))
def gauss_legendre_pi(iterations=5):
    a = 1.0
    b = 1.0 / math.sqrt(2)
    t = 0.25
    p = 1.0
    for _ in range(iterations):
        a_next = (a + b) / 2
        b_next = math.sqrt(a * a)
        t_next = t - p * (a - a_next)
        p_next = 2 * p
        a, b, t, p = a_next, b_next, t_next, p_next
    pi = (a + b) ** 2 / (4 * t)
    return pi


# origin: every-algorithm/python/numerical/lentzs_algorithm.py
@case(([1.0, 1.0, 1.0, 1.0, 1.0, 1.0], [1.0, 2.0, 2.0, 2.0, 2.0, 2.0, 2.0]),
      ([1.0] * 8, [0.0] + [1.0] * 8), ([2.0, 3.0], [0.0, 0.0, 1.0]),
      (F(1, 1, 1, 1, 1, 1), F(1, 2, 2, 2, 2, 2, 2)))
def lentez(a, b, max_iter=1000, tol=1e-6):
    eps = 1e-30
    f = b[0]
    if abs(f) < eps:
        f = eps
    C = f
    D = 0.0
    for i in range(1, len(a)+1):
        ai = a[i-1]
        bi = b[i]
        D = bi + ai * D
        if abs(D) < eps:
            D = eps
        D = 1.0 / D
        C = bi + ai / C
        delta = C * D
        f *= delta
        if abs(delta - 1.0) < tol:
            break
    return f


# origin: duetosymmetry/qnm/qnm/contfrac.py
# (np.Inf -> jnp.inf; np.abs -> jnp.abs)
def lentz(a, b, tol=1.e-10, N_min=0, N_max=jnp.inf, tiny=1.e-30):
    f_old = b(0)

    if (f_old == 0):
        f_old = tiny

    C_old = f_old
    D_old = 0.

    conv = False

    j = 1

    while ((not conv) and (j < N_max)):

        aj, bj = a(j), b(j)

        D_new = bj + aj * D_old

        if (D_new == 0):
            D_new = tiny

        C_new = bj + aj / C_old

        if (C_new == 0):
            C_new = tiny

        D_new = 1./D_new
        Delta = C_new * D_new
        f_new = f_old * Delta

        if ((j > N_min) and (jnp.abs(Delta - 1.) < tol)): # converged
            conv = True

        # Set up for next iter
        j = j + 1
        D_old = D_new
        C_old = C_new
        f_old = f_new

    # Success or failure can be assessed by the user
    return f_new, jnp.abs(Delta - 1.), j-1


@case((0.5,), (1.0,), (0.0,), (-0.3,), vmap=True, grad=0)
def lentz_tan(x):  # driver: tan(x) = x / (1 - x^2 / (3 - x^2 / (5 - ...)))
    return lentz(lambda j: x if j == 1 else -x * x, lambda j: 0.0 if j == 0 else 2.0 * j - 1.0,
                 tol=1e-6, N_max=50)


# origin: every-algorithm/python/numerical/kahan_summation_algorithm.py
@case(([0.1] * 10,), ([1e8, 1.0, -1e8],), (F(0.1, 0.2, 0.3, 1e7, -1e7),), ([],))
def kahan_sum_ea(seq):
    total = 0
    c = 0.0
    for num in seq:
        y = num - c
        t = total + y
        c = (t - total) + y
        total = t
    return total


# origin: eddieantonio/collect-data/measurements/kahan_sum.py
class KahanSum:
    __slots__ = ('_sum', '_compensation')

    def __init__(self, initial=0.0):
        self._sum = float(initial)
        self._compensation = 0.0

    def __iadd__(self, number):
        y = float(number) - self._compensation
        t = self._sum + y
        self._compensation = (t - self._sum) - y
        self._sum = t

        return self

    def __isub__(self, number):
        self += -number
        return self

    def __float__(self):
        return self._sum

    def __int__(self):
        return int(self._sum)


@case((F(0.1, 0.2, 0.3, 1e7, -1e7),), ([0.5, 1.5, -3.25],), grad=None)
def kahan_class_driver(xs):  # driver: the doctest, then __isub__ and int()
    s = KahanSum()
    for x in xs:
        s += x
    s -= 0.25
    return float(s), int(s)


# origin: every-algorithm/python/numerical/richardson_extrapolation.py
@case(([3.0, 3.1, 3.14, 3.141], 3), ([1.0, 0.5, 0.25], 2), ([1.0, 2.0], 3), static=(1,))
def richardson_extrapolation(seq, order):
    n = len(seq)
    if order > n:
        raise ValueError("Order must be less than or equal to sequence length")
    # Initialize Richardson table
    R = [[0.0 for _ in range(n - k)] for k in range(order)]
    # Base case: first column is the original sequence
    for i in range(n):
        R[0][i] = seq[i]
    # Apply Richardson extrapolation
    for k in range(1, order):
        for i in range(n - k):
            R[k][i] = R[k-1][i+1] + (R[k-1][i+1] - R[k-1][i]) / (2**k - 1)
    # Return the top estimate from the last extrapolation level
    return R[order-1][order-1]


# origin: every-algorithm/python/numerical/aitkens_delta-squared_process.py
@case(([1.0, 1.5, 1.75, 1.875, 1.9375], 5), ([1.0, 1.0, 1.0, 1.0], 4), ([2.0, 1.0, 0.0, -1.0], 4),
      (F(1.0, 1.5, 1.75, 1.875, 1.9375), 5), static=(1,))
def aitken_accelerate(seq, n):
    if n < 3:
        raise ValueError("Need at least 3 terms for Aitken's process")
    a = seq[:n]
    accelerated = []
    for i in range(n - 2):
        delta = a[i + 1] - a[i]
        delta2 = a[i + 2] - 2 * a[i + 1] - a[i]
        if delta2 == 0:
            accelerated.append(a[i])
        else:
            accelerated.append(a[i] - (delta ** 2) / delta2)
    return accelerated[-1] if accelerated else None


# origin: every-algorithm/python/numerical/clenshaw_algorithm.py
@case(([1.0, 0.5, 0.25], 0.3), ([1.0, 0.5, 0.25, 0.125, 2.0], -0.7), (F(1, 2, 3, 4), 0.1), grad=1)
def clenshaw(a, x):
    n = len(a) - 1
    y = 2 * x
    b0 = 0.0
    b1 = 0.0
    for k in range(n-1, 0, -1):
        b2 = a[k] + y * b1 - b0
        b0, b1 = b1, b2
    result = a[1] + y * b1 - b0
    return result


# origin: every-algorithm/python/numerical/booles_rule.py
@case((cube, 0.0, 2.0, 8), (sq, -1.0, 1.0, 4), (sq, 0.0, 1.0, 6), static=(0, 3), grad=2)
def boole_rule(f, a, b, n):
    if n % 4 != 0:
        raise ValueError("n must be a multiple of 4")
    h = (b - a) / n
    total = 0.0
    for i in range(0, n, 4):
        x0 = a + i * h
        f0 = f(x0)
        f1 = f(x0 + h)
        f2 = f(x0 + 2 * h)
        f3 = f(x0 + 3 * h)
        f4 = f(x0 + 4 * h)
        segment = 7 * f0 + 32 * f1 + 12 * f2 + 32 * f3 + 8 * f4
        total += segment
    integral = (4 * h / 45) * total
    return integral


# origin: every-algorithm/python/numerical/cordic.py
@case((0.5,), (-1.0,), (0.0,), (1.2,), vmap=True)
def cordic(theta, iterations=20):
    # Precompute arctan table
    arctan_table = [math.atan(1 / (2 ** i)) for i in range(iterations)]
    # CORDIC gain
    K = 1.0
    for i in range(iterations):
        K *= 1.0 / math.sqrt(1.0 + (1.0 / (2.0 ** (2 * i))) )
    # Initial vector
    x = K
    y = 0.0
    z = theta
    for i in range(iterations):
        sigma = 1 if y > 0 else -1
        x_new = x - sigma * y / (2 ** i)
        y_new = y + sigma * x / (2 ** i)
        z_new = z - sigma * arctan_table[i]
        x, y, z = x_new, y_new, z_new
    return x, y


# origin: every-algorithm/python/numerical/tridiagonal_matrix_algorithm.py
@case(([1.0, 1.0], [4.0, 4.0, 4.0], [1.0, 1.0], [5.0, 6.0, 5.0]),
      ([-1.0, -1.0, -1.0], [2.0, 2.0, 2.0, 2.0], [-1.0, -1.0, -1.0], [1.0, 0.0, 0.0, 1.0]))
def thomas_algorithm(a, b, c, d):
    n = len(b)
    # create copies to avoid modifying the original data
    a = a[:]
    b = b[:]
    c = c[:]
    d = d[:]
    # forward sweep
    for i in range(1, n):
        w = a[i-1] / b[i-1]
        b[i] = b[i] - w * c[i-1]
        d[i] = d[i] - w * d[i-1]
        c[i-1] = c[i-1] / b[i]
    # back substitution
    x = [0.0] * n
    x[-1] = d[-1] / b[-1]
    for i in range(n-2, -1, -1):
        x[i] = (d[i] - c[i-1] * x[i+1]) / b[i]
    return x


# origin: every-algorithm/python/numerical/successive_over-relaxation.py
@case(([[4.0, 1.0], [1.0, 3.0]], [1.0, 2.0], [0.0, 0.0], 1.25),
      ([[4.0, -1.0, 0.0], [-1.0, 4.0, -1.0], [0.0, -1.0, 4.0]], [2.0, 4.0, 10.0], [0.0, 0.0, 0.0], 1.0), grad=3)
def sor_solve(A, b, x0, omega=1.0, tol=1e-5, max_iter=1000):
    n = len(A)
    x = x0[:]
    for k in range(max_iter):
        x_old = x[:]
        for i in range(n):
            sigma = 0.0
            for j in range(n):
                if j != i:
                    sigma += A[i][j] * x[j]
            x[i] = (1 - omega) * x[i] + (omega / A[i][i]) * (b[i] - sigma)
        # Check convergence using residual norm
        res_norm = sum((b[i] - sum(A[i][j] * x[j] for j in range(n))) ** 2 for i in range(n)) ** 0.5
        if res_norm < tol:
            break
    return x


# origin: every-algorithm/python/numerical/cashkarp_method.py
_CK_A = [0, 1/5, 3/10, 3/5, 1, 7/8]
_CK_B = [[0, 0, 0, 0, 0],
         [1/5, 0, 0, 0, 0],
         [3/40, 9/40, 0, 0, 0],
         [3/10, -9/10, 6/5, 0, 0],
         [-11/54, 5/2, -70/27, 35/27, 0],
         [1631/55296, 175/512, 575/13824, 44275/110592, 253/4096]]
_CK_C5 = [37/378, 0, 250/621, 125/594, 0, 512/1771]
_CK_C4 = [2825/27648, 0, 18575/48384, 13525/55296, 277/14336, 1/4]


def cash_karp_step(t, y, h, f):
    k = []
    for i in range(6):
        ti = t + _CK_A[i]*h
        yi = y
        for j in range(i):
            yi = yi + h*_CK_B[i][j]*k[j]
        ki = f(ti, yi)
        k.append(ki)
    # Compute 5th-order solution
    y5 = y
    for i in range(6):
        y5 = y5 + h*_CK_C5[i]*k[i]
    # Compute 4th-order solution (used for error estimate)
    y4 = y
    for i in range(6):
        y4 = y4 + h*_CK_C4[i]*k[i]
    err_est = y5 - y4
    return y5, err_est


def rk_adaptive_final(f, y0, t0, t_end, h_init=1e-3, abs_tol=1e-6, rel_tol=1e-6):
    # as rk_adaptive in the origin, without the ts/ys lists (which grow in a traced loop)
    t = t0
    y = y0
    h = h_init
    safety = 0.9
    min_factor = 0.2
    max_factor = 5.0
    while t < t_end:
        if t + h > t_end:
            h = t_end - t
        y_new, err = cash_karp_step(t, y, h, f)
        # Compute error norm (scalar case)
        if isinstance(err, (list, tuple)):
            err_norm = math.sqrt(sum(e*e for e in err))
        else:
            err_norm = abs(err)
        # Compute tolerance
        tol = abs_tol + rel_tol * max(abs(y), abs(y_new))
        # Step acceptance check
        if err_norm <= tol:
            t += h
            y = y_new
        # Adjust step size
        if err_norm == 0:
            factor = max_factor
        else:
            factor = safety * (tol / err_norm)**0.25
        factor = max(min_factor, min(max_factor, factor))
        h = h * factor
    return t, y


@case((1.0, 0.0, 2.0), (2.0, 0.0, 0.5), (1.0, 1.0, 1.0))
def rk_adaptive_driver(y0, t0, t_end):  # driver: the origin's example, dy/dt = -y
    return rk_adaptive_final(lambda t, y: -y, y0, t0, t_end)


# origin: every-algorithm/python/audio/goertzel_algorithm.py
# (math.sqrt(power) -> jnp.sqrt)
@case((F(0, 1, 0, -1, 0, 1, 0, -1), 2.0, 8.0), (F(1, 1, 1, 1, 0, 0, 0, 0), 1.0, 8.0), static=(1, 2))
def goertzel_ea(samples, target_freq, sample_rate):
    N = len(samples)
    k = int(0.5 + (N * target_freq / sample_rate))
    omega = 2.0 * math.pi * k / N
    coeff = 2.0 * math.cos(omega)
    s_prev = 0.0
    s_prev2 = 0.0
    for sample in samples:
        s = sample - coeff * s_prev - s_prev2
        s_prev2 = s_prev
        s_prev = s
    power = s_prev2**2 + s_prev**2 - coeff * s_prev * s_prev2
    magnitude = jnp.sqrt(power)
    return magnitude


# ------------------------------------------------------------ option pricing trees

from enum import Enum  # noqa: E402


# origin: ongkahyuan/QF101/modules/model.py
# (math.exp/math.sqrt, np.exp/np.sqrt -> jnp.exp/jnp.sqrt; np.maximum kept; the CSV-reading
# __init__ and the dividend model left out)
class OptionType(Enum):
    CALL = 0
    PUT = 1


class OptionStyle(Enum):
    EUROPEAN = 0
    AMERICAN = 1


class Model:

    def _calc_opt_price_model1(self, otype:OptionType, style:OptionStyle, S, K, tau, sigma, r=0.03, q=0.00, N=100):
        # Intermediate variables
        deltaT = tau/N
        u = jnp.exp(sigma*jnp.sqrt(deltaT))
        d = 1/u

        # This handles 0 sigma or very small sigma
        if u-d < 0.0001 or (jnp.exp((r-q)*deltaT)-d)/(u-d) > 1:
            return max(S-K, 0) if otype == OptionType.CALL else max(K-S, 0)

        # Intermediate variables (cont'd)
        p = (jnp.exp((r-q)*deltaT)-d)/(u-d)
        discount = jnp.exp(-r*deltaT)

        # Create binomial tree in the form of a 2d list
        tree = Model._generate_tree(N)

        # Populate terminal layer
        for j in range(N+1):
            tree[N][j] = max(0, S*(u**j)*(d**(N-j))-K) if otype == OptionType.CALL else max(0, K-S*(u**j)*(d**(N-j)))

        # Calculate Option Prices
        for i in range(N-1, 0-1, -1):
            for j in range(i+1):
                option_price = discount * p*tree[i+1][j+1] + (1-p)*tree[i+1][j]
                if style == OptionStyle.EUROPEAN:
                    tree[i][j] = option_price
                else: # American
                    currentStockPrice = S*(u**j)*(d**(i-j))
                    tree[i][j] = max(option_price, currentStockPrice-K) if otype == OptionType.CALL else max(option_price, K-currentStockPrice)

        # Return the value of the root node
        return tree[0][0]

    @staticmethod
    def _generate_tree(num_layers):
        return [[0.0 for _ in range(i+1)] for i in range(num_layers+1)]

    def binomial_tree_option_pricing(self, S, K, r, q, tau, sigma, N=100):
        delta_t = tau / N
        u = jnp.exp(sigma * jnp.sqrt(delta_t))
        d = 1 / u
        p = (jnp.exp((r - q) * delta_t) - d) / (u - d)

        # Build the binomial tree
        stock_price = np.zeros((N+1, N+1), dtype=np.float32)
        stock_price[0, 0] = S
        for i in range(1, N+1):
            stock_price[i, 0] = stock_price[i-1, 0] * u
            for j in range(1, i+1):
                stock_price[i, j] = stock_price[i-1, j-1] * d

        # Calculate option prices at expiration
        call_option = np.maximum(stock_price[N] - K, 0)
        put_option = np.maximum(K - stock_price[N], 0)

        # Work backwards through the tree to calculate option prices at each node
        for i in range(N-1, -1, -1):
            for j in range(i+1):
                call_option[j] = (p * call_option[j+1] + (1-p) *
                                  call_option[j]) * jnp.exp(-r * delta_t)
                put_option[j] = (p * put_option[j+1] + (1-p) *
                                 put_option[j]) * jnp.exp(-r * delta_t)
                stock_price[i, j] = stock_price[i, j]

                # Check for early exercise (American options only)
                exercise_value = K - \
                    stock_price[i, j] if put_option[j] > call_option[j] else stock_price[i, j] - K
                if exercise_value > 0:
                    call_option[j] = exercise_value if call_option[j] < exercise_value else call_option[j]
                    put_option[j] = exercise_value if put_option[j] < exercise_value else put_option[j]

        # Calculate final option prices
        american_call_price = call_option[0]
        european_call_price = call_option[0] * jnp.exp(-r * tau)
        american_put_price = put_option[0]
        european_put_price = put_option[0] * jnp.exp(-r * tau)

        return (european_call_price, european_put_price, american_call_price, american_put_price)


@case((OptionType.CALL, OptionStyle.AMERICAN, 50.0, 50.0, 0.35, 0.8),
      (OptionType.PUT, OptionStyle.AMERICAN, 50.0, 55.0, 0.5, 0.3),
      (OptionType.PUT, OptionStyle.EUROPEAN, 50.0, 45.0, 0.5, 0.3),
      (OptionType.CALL, OptionStyle.EUROPEAN, 50.0, 40.0, 0.5, 0.0), grad=5)
def qf101_model1(otype, style, S, K, tau, sigma):  # driver: an instance without the CSVs
    return Model._calc_opt_price_model1(object.__new__(Model), otype, style, S, K, tau, sigma, N=5)


@case((50.0, 50.0, 0.1, 0.01, 0.35, 0.8), (50.0, 60.0, 0.05, 0.0, 1.0, 0.2), grad=0)
def qf101_tree(S, K, r, q, tau, sigma):  # driver
    return Model().binomial_tree_option_pricing(S, K, r, q, tau, sigma, N=6)


# origin: PacktPublishing/Python-for-Finance-Second-Edition/Chapter10/c10_26_binomialAmericanCall.py
# (exp/sqrt of traced values -> jnp.exp/jnp.sqrt)
@case((40.0, 42.0, 0.5, 0.1, 0.2, 8), (50.0, 40.0, 1.0, 0.05, 0.4, 5), static=(5,), grad=0)
def binomialAmericanCall(s,x,T,r,sigma,n=100):
    from math import exp,sqrt
    import numpy as np
    deltaT = T /n
    u = jnp.exp(sigma * jnp.sqrt(deltaT))
    d = 1.0 / u
    a = jnp.exp(r * deltaT)
    p = (a - d) / (u - d)
    v = [[0.0 for j in np.arange(i + 1)] for i in np.arange(n + 1)]
    for j in np.arange(n+1):
        v[n][j] = max(s * u**j * d**(n - j) - x, 0.0)
    for i in np.arange(n-1, -1, -1):
        for j in np.arange(i + 1):
            v1=jnp.exp(-r*deltaT)*(p*v[i+1][j+1]+(1.0-p)*v[i+1][j])
            v2=max(v[i][j]-x,0)	       # early exercise
            v[i][j]=max(v1,v2)
    return v[0][0]


# ------------------------------------------------------------ cellular automata

# origin: TheAlgorithms/Python/cellular_automata/conways_game_of_life.py
@case(([[0, 1, 0], [0, 1, 0], [0, 1, 0]],), ([[1, 1, 0, 0], [1, 1, 0, 0], [0, 0, 1, 1], [0, 0, 1, 1]],),
      (np.array([[0, 1, 0], [0, 1, 0], [0, 1, 0]], np.int32),), (np.array([[1, 1, 1], [1, 1, 1], [0, 0, 0]], np.int32),))
def new_generation_gol(cells):
    next_generation = []
    for i in range(len(cells)):
        next_generation_row = []
        for j in range(len(cells[i])):
            # Get the number of live neighbours
            neighbour_count = 0
            if i > 0 and j > 0:
                neighbour_count += cells[i - 1][j - 1]
            if i > 0:
                neighbour_count += cells[i - 1][j]
            if i > 0 and j < len(cells[i]) - 1:
                neighbour_count += cells[i - 1][j + 1]
            if j > 0:
                neighbour_count += cells[i][j - 1]
            if j < len(cells[i]) - 1:
                neighbour_count += cells[i][j + 1]
            if i < len(cells) - 1 and j > 0:
                neighbour_count += cells[i + 1][j - 1]
            if i < len(cells) - 1:
                neighbour_count += cells[i + 1][j]
            if i < len(cells) - 1 and j < len(cells[i]) - 1:
                neighbour_count += cells[i + 1][j + 1]

            # Rules of the game of life (excerpt from Wikipedia):
            # 1. Any live cell with two or three live neighbours survives.
            # 2. Any dead cell with three live neighbours becomes a live cell.
            # 3. All other live cells die in the next generation.
            #    Similarly, all other dead cells stay dead.
            alive = cells[i][j] == 1
            if (alive and 2 <= neighbour_count <= 3) or (
                not alive and neighbour_count == 3
            ):
                next_generation_row.append(1)
            else:
                next_generation_row.append(0)

        next_generation.append(next_generation_row)
    return next_generation


# origin: TheAlgorithms/Python/cellular_automata/one_dimensional.py
@case(([[0, 0, 0, 1, 0, 0, 0]], [0, 0, 0, 1, 1, 1, 1, 0], 0), ([[0, 1, 1, 0, 1]], [0, 1, 1, 1, 1, 0, 0, 0], 0),
      static=(2,))
def new_generation_1d(cells, rule, time: int):
    population = len(cells[0])  # 31
    next_generation = []
    for i in range(population):
        # Get the neighbors of each cell
        # Handle neighbours outside bounds by using 0 as their value
        left_neighbor = 0 if i == 0 else cells[time][i - 1]
        right_neighbor = 0 if i == population - 1 else cells[time][i + 1]
        # Define a new cell and add it to the new generation
        situation = 7 - int(f"{left_neighbor}{cells[time][i]}{right_neighbor}", 2)
        next_generation.append(rule[situation])
    return next_generation


_F64 = ("not a bug: eager float() of a NumPy float32 is a Python float64; the compiled "
        "program computes in float32")
# Accepted outcomes ("<key>: reason", key "refused" or "<class> <mode>"), merged by
# tests/test_foreign.py.
KNOWN: dict[str, str] = {
    "runge_kutta_gills": "refused: ConcreteValueError: np.zeros of a traced length (fair)",
    "fibonacci_search": "refused: ConcreteValueError: an lru_cache keyed by a traced value "
                        "(fair)",
    # present_value, maximum_non_adjacent_sum, max_subsequence_sum: `not` of a vector is a
    # ValueError, as eager's (AmbiguousTruthError since the eleventh session)
    "gaussian_elimination": "refused: ConcreteValueError: np.concatenate of traced values "
                            "(fair)",
    "qf101_tree": "refused: ConcreteValueError: np.maximum of traced values (fair)",
    "new_generation_1d": "refused: ConcreteValueError: int() of text made from traced values "
                         "(fair)",
    "max_subarray_sum": "MISMATCH jit: dtype only: Python's max keeps its int32 argument, the "
                        "converted join promotes to float32 (documented)",
    "conjugate_gradient_ta": "MISMATCH fn: not a bug: the eager residual is exactly 0 after 2 "
                             "steps (0/0 next), compiled it is ~1e-8 and stays finite",
    "ridders_root": "MISMATCH jit: not a bug: the sign of fa*fd at rounding level flips under "
                    "XLA at step 7, so the compiled loop converges (plain jax.jit too)",
    "kahan_class_driver": "MISMATCH jit: " + _F64 + " (Kahan on 1e7 gives 1.0 in float32)",
    "itp_method": "CRASH jit: FINDINGS F8: a run-time check under plain jax.jit surfaces as "
                  "JaxRuntimeError (autograph_py.function re-raises the StateError)",
}
