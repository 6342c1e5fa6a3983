#!/usr/bin/env python3
"""Writes one function of about N instructions for the fprange scaling
benchmark (scripts/bench-fprange.sh): a chain of diamonds, each a branch
on an fcmp of a running value, arithmetic on both sides, a phi at the
join, an int-to-float conversion and a call to a math intrinsic; every
eighth diamond closes a small counted loop. Usage: bench-fprange-scale.py N
> out.ll"""
import sys

def main():
    target = int(sys.argv[1])
    out = []
    w = out.append
    w("declare double @llvm.sqrt.f64(double)")
    w("declare double @llvm.floor.f64(double)")
    w("define double @chain(double %seed, i32 %n) {")
    w("entry:")
    w("  %m = and i32 %n, 1023")
    w("  %x0 = sitofp i32 %m to double")
    w("  br label %b0")
    count = 3
    k = 0
    prev = "%x0"
    while count < target:
        b = f"b{k}"
        w(f"{b}:")
        if k % 8 == 7:
            # a small counted loop
            w(f"  %i{k} = phi i32 [ 0, %{b}.pre ], [ %i{k}.n, %{b} ]" if False else f"  br label %{b}.loop")
            w(f"{b}.loop:")
            w(f"  %i{k} = phi i32 [ 0, %{b} ], [ %i{k}.n, %{b}.loop ]")
            w(f"  %acc{k} = phi double [ {prev}, %{b} ], [ %acc{k}.n, %{b}.loop ]")
            w(f"  %f{k} = sitofp i32 %i{k} to double")
            w(f"  %acc{k}.n = fadd double %acc{k}, %f{k}")
            w(f"  %i{k}.n = add nsw i32 %i{k}, 1")
            w(f"  %more{k} = icmp slt i32 %i{k}.n, 16")
            w(f"  br i1 %more{k}, label %{b}.loop, label %{b}.exit")
            w(f"{b}.exit:")
            prev = f"%acc{k}.n"
            count += 8
        w(f"  %c{k} = fcmp olt double {prev}, {float(k % 100 + 1):.1f}")
        w(f"  br i1 %c{k}, label %{b}.t, label %{b}.f")
        w(f"{b}.t:")
        w(f"  %t{k} = fmul double {prev}, 5.000000e-01")
        w(f"  %ts{k} = call double @llvm.sqrt.f64(double %t{k})")
        w(f"  br label %{b}.j")
        w(f"{b}.f:")
        w(f"  %e{k} = fadd double {prev}, -1.000000e+00")
        w(f"  %ef{k} = call double @llvm.floor.f64(double %e{k})")
        w(f"  br label %{b}.j")
        w(f"{b}.j:")
        w(f"  %p{k} = phi double [ %ts{k}, %{b}.t ], [ %ef{k}, %{b}.f ]")
        w(f"  %d{k} = fcmp ogt double %p{k}, 1.000000e+06")
        w(f"  %s{k} = select i1 %d{k}, double 0.000000e+00, double %p{k}")
        w(f"  br label %b{k + 1}")
        prev = f"%s{k}"
        count += 12
        k += 1
    w(f"b{k}:")
    w(f"  ret double {prev}")
    w("}")
    print("\n".join(out))

main()
