// What scripts/intrinsics-diff/ compares: each case a name, its result type, its tolerance in units in the last
// place (0: bit for bit, NaN equal to NaN) and the call, on operands F(k), D(k), I(k), U(k), LL(k), ULL(k).
// Written from the lists of cusim_intrinsics.h, cusim_rounding.h, cusim_math.h, cusim_simd.h and cusim_dpx.h.
// The literal cases check that both sides read constants alike; an exact float tie does not (16777217.0f is
// 16777218 in nvcc's device code, 16777216 under g++: docs/SIMULATOR.md), so operands come from bit patterns.
#define PROBE_CASES(X) \
  X(literal_2p53_plus_1, f64, 0, 9007199254740993.0) \
  X(literal_0_1f, f32, 0, 0.1f) \
  X(__fadd_rn, f32, 0, __fadd_rn(F(0), F(1))) \
  X(__fsub_rn, f32, 0, __fsub_rn(F(0), F(1))) \
  X(__fmul_rn, f32, 0, __fmul_rn(F(0), F(1))) \
  X(__fdiv_rn, f32, 0, __fdiv_rn(F(0), F(1))) \
  X(__frcp_rn, f32, 0, __frcp_rn(F(0))) \
  X(__fsqrt_rn, f32, 0, __fsqrt_rn(F(0))) \
  X(__fmaf_rn, f32, 0, __fmaf_rn(F(0), F(1), F(2))) \
  X(__fmaf_ieee_rn, f32, 0, __fmaf_ieee_rn(F(0), F(1), F(2))) \
  X(__dadd_rn, f64, 0, __dadd_rn(D(0), D(1))) \
  X(__dsub_rn, f64, 0, __dsub_rn(D(0), D(1))) \
  X(__dmul_rn, f64, 0, __dmul_rn(D(0), D(1))) \
  X(__ddiv_rn, f64, 0, __ddiv_rn(D(0), D(1))) \
  X(__drcp_rn, f64, 0, __drcp_rn(D(0))) \
  X(__dsqrt_rn, f64, 0, __dsqrt_rn(D(0))) \
  X(__fma_rn, f64, 0, __fma_rn(D(0), D(1), D(2))) \
  X(__float2int_rn, i32, 0, __float2int_rn(F(0))) \
  X(__float2uint_rn, u32, 0, __float2uint_rn(F(0))) \
  X(__float2ll_rn, i64, 0, __float2ll_rn(F(0))) \
  X(__float2ull_rn, u64, 0, __float2ull_rn(F(0))) \
  X(__double2int_rn, i32, 0, __double2int_rn(D(0))) \
  X(__double2uint_rn, u32, 0, __double2uint_rn(D(0))) \
  X(__double2ll_rn, i64, 0, __double2ll_rn(D(0))) \
  X(__double2ull_rn, u64, 0, __double2ull_rn(D(0))) \
  X(__int2float_rn, f32, 0, __int2float_rn(I(0))) \
  X(__uint2float_rn, f32, 0, __uint2float_rn(U(0))) \
  X(__ll2float_rn, f32, 0, __ll2float_rn(LL(0))) \
  X(__ull2float_rn, f32, 0, __ull2float_rn(ULL(0))) \
  X(__ll2double_rn, f64, 0, __ll2double_rn(LL(0))) \
  X(__ull2double_rn, f64, 0, __ull2double_rn(ULL(0))) \
  X(__double2float_rn, f32, 0, __double2float_rn(D(0))) \
  X(__fadd_rz, f32, 0, __fadd_rz(F(0), F(1))) \
  X(__fsub_rz, f32, 0, __fsub_rz(F(0), F(1))) \
  X(__fmul_rz, f32, 0, __fmul_rz(F(0), F(1))) \
  X(__fdiv_rz, f32, 0, __fdiv_rz(F(0), F(1))) \
  X(__frcp_rz, f32, 0, __frcp_rz(F(0))) \
  X(__fsqrt_rz, f32, 0, __fsqrt_rz(F(0))) \
  X(__fmaf_rz, f32, 0, __fmaf_rz(F(0), F(1), F(2))) \
  X(__fmaf_ieee_rz, f32, 0, __fmaf_ieee_rz(F(0), F(1), F(2))) \
  X(__dadd_rz, f64, 0, __dadd_rz(D(0), D(1))) \
  X(__dsub_rz, f64, 0, __dsub_rz(D(0), D(1))) \
  X(__dmul_rz, f64, 0, __dmul_rz(D(0), D(1))) \
  X(__ddiv_rz, f64, 0, __ddiv_rz(D(0), D(1))) \
  X(__drcp_rz, f64, 0, __drcp_rz(D(0))) \
  X(__dsqrt_rz, f64, 0, __dsqrt_rz(D(0))) \
  X(__fma_rz, f64, 0, __fma_rz(D(0), D(1), D(2))) \
  X(__float2int_rz, i32, 0, __float2int_rz(F(0))) \
  X(__float2uint_rz, u32, 0, __float2uint_rz(F(0))) \
  X(__float2ll_rz, i64, 0, __float2ll_rz(F(0))) \
  X(__float2ull_rz, u64, 0, __float2ull_rz(F(0))) \
  X(__double2int_rz, i32, 0, __double2int_rz(D(0))) \
  X(__double2uint_rz, u32, 0, __double2uint_rz(D(0))) \
  X(__double2ll_rz, i64, 0, __double2ll_rz(D(0))) \
  X(__double2ull_rz, u64, 0, __double2ull_rz(D(0))) \
  X(__int2float_rz, f32, 0, __int2float_rz(I(0))) \
  X(__uint2float_rz, f32, 0, __uint2float_rz(U(0))) \
  X(__ll2float_rz, f32, 0, __ll2float_rz(LL(0))) \
  X(__ull2float_rz, f32, 0, __ull2float_rz(ULL(0))) \
  X(__ll2double_rz, f64, 0, __ll2double_rz(LL(0))) \
  X(__ull2double_rz, f64, 0, __ull2double_rz(ULL(0))) \
  X(__double2float_rz, f32, 0, __double2float_rz(D(0))) \
  X(__fadd_ru, f32, 0, __fadd_ru(F(0), F(1))) \
  X(__fsub_ru, f32, 0, __fsub_ru(F(0), F(1))) \
  X(__fmul_ru, f32, 0, __fmul_ru(F(0), F(1))) \
  X(__fdiv_ru, f32, 0, __fdiv_ru(F(0), F(1))) \
  X(__frcp_ru, f32, 0, __frcp_ru(F(0))) \
  X(__fsqrt_ru, f32, 0, __fsqrt_ru(F(0))) \
  X(__fmaf_ru, f32, 0, __fmaf_ru(F(0), F(1), F(2))) \
  X(__fmaf_ieee_ru, f32, 0, __fmaf_ieee_ru(F(0), F(1), F(2))) \
  X(__dadd_ru, f64, 0, __dadd_ru(D(0), D(1))) \
  X(__dsub_ru, f64, 0, __dsub_ru(D(0), D(1))) \
  X(__dmul_ru, f64, 0, __dmul_ru(D(0), D(1))) \
  X(__ddiv_ru, f64, 0, __ddiv_ru(D(0), D(1))) \
  X(__drcp_ru, f64, 0, __drcp_ru(D(0))) \
  X(__dsqrt_ru, f64, 0, __dsqrt_ru(D(0))) \
  X(__fma_ru, f64, 0, __fma_ru(D(0), D(1), D(2))) \
  X(__float2int_ru, i32, 0, __float2int_ru(F(0))) \
  X(__float2uint_ru, u32, 0, __float2uint_ru(F(0))) \
  X(__float2ll_ru, i64, 0, __float2ll_ru(F(0))) \
  X(__float2ull_ru, u64, 0, __float2ull_ru(F(0))) \
  X(__double2int_ru, i32, 0, __double2int_ru(D(0))) \
  X(__double2uint_ru, u32, 0, __double2uint_ru(D(0))) \
  X(__double2ll_ru, i64, 0, __double2ll_ru(D(0))) \
  X(__double2ull_ru, u64, 0, __double2ull_ru(D(0))) \
  X(__int2float_ru, f32, 0, __int2float_ru(I(0))) \
  X(__uint2float_ru, f32, 0, __uint2float_ru(U(0))) \
  X(__ll2float_ru, f32, 0, __ll2float_ru(LL(0))) \
  X(__ull2float_ru, f32, 0, __ull2float_ru(ULL(0))) \
  X(__ll2double_ru, f64, 0, __ll2double_ru(LL(0))) \
  X(__ull2double_ru, f64, 0, __ull2double_ru(ULL(0))) \
  X(__double2float_ru, f32, 0, __double2float_ru(D(0))) \
  X(__fadd_rd, f32, 0, __fadd_rd(F(0), F(1))) \
  X(__fsub_rd, f32, 0, __fsub_rd(F(0), F(1))) \
  X(__fmul_rd, f32, 0, __fmul_rd(F(0), F(1))) \
  X(__fdiv_rd, f32, 0, __fdiv_rd(F(0), F(1))) \
  X(__frcp_rd, f32, 0, __frcp_rd(F(0))) \
  X(__fsqrt_rd, f32, 0, __fsqrt_rd(F(0))) \
  X(__fmaf_rd, f32, 0, __fmaf_rd(F(0), F(1), F(2))) \
  X(__fmaf_ieee_rd, f32, 0, __fmaf_ieee_rd(F(0), F(1), F(2))) \
  X(__dadd_rd, f64, 0, __dadd_rd(D(0), D(1))) \
  X(__dsub_rd, f64, 0, __dsub_rd(D(0), D(1))) \
  X(__dmul_rd, f64, 0, __dmul_rd(D(0), D(1))) \
  X(__ddiv_rd, f64, 0, __ddiv_rd(D(0), D(1))) \
  X(__drcp_rd, f64, 0, __drcp_rd(D(0))) \
  X(__dsqrt_rd, f64, 0, __dsqrt_rd(D(0))) \
  X(__fma_rd, f64, 0, __fma_rd(D(0), D(1), D(2))) \
  X(__float2int_rd, i32, 0, __float2int_rd(F(0))) \
  X(__float2uint_rd, u32, 0, __float2uint_rd(F(0))) \
  X(__float2ll_rd, i64, 0, __float2ll_rd(F(0))) \
  X(__float2ull_rd, u64, 0, __float2ull_rd(F(0))) \
  X(__double2int_rd, i32, 0, __double2int_rd(D(0))) \
  X(__double2uint_rd, u32, 0, __double2uint_rd(D(0))) \
  X(__double2ll_rd, i64, 0, __double2ll_rd(D(0))) \
  X(__double2ull_rd, u64, 0, __double2ull_rd(D(0))) \
  X(__int2float_rd, f32, 0, __int2float_rd(I(0))) \
  X(__uint2float_rd, f32, 0, __uint2float_rd(U(0))) \
  X(__ll2float_rd, f32, 0, __ll2float_rd(LL(0))) \
  X(__ull2float_rd, f32, 0, __ull2float_rd(ULL(0))) \
  X(__ll2double_rd, f64, 0, __ll2double_rd(LL(0))) \
  X(__ull2double_rd, f64, 0, __ull2double_rd(ULL(0))) \
  X(__double2float_rd, f32, 0, __double2float_rd(D(0))) \
  X(__frsqrt_rn, f32, 0, __frsqrt_rn(F(0))) \
  X(__int2double_rn, f64, 0, __int2double_rn(I(0))) \
  X(__uint2double_rn, f64, 0, __uint2double_rn(U(0))) \
  X(__umulhi, u32, 0, static_cast<unsigned long long>(__umulhi(U(0), U(1)))) \
  X(__mulhi, u32, 0, static_cast<unsigned long long>(__mulhi(I(0), I(1)))) \
  X(__mul64hi, u32, 0, static_cast<unsigned long long>(__mul64hi(LL(0), LL(1)))) \
  X(__umul64hi, u32, 0, static_cast<unsigned long long>(__umul64hi(ULL(0), ULL(1)))) \
  X(__byte_perm, u32, 0, static_cast<unsigned long long>(__byte_perm(U(0), U(1), U(2)))) \
  X(__funnelshift_l, u32, 0, static_cast<unsigned long long>(__funnelshift_l(U(0), U(1), U(2) & 63u))) \
  X(__funnelshift_lc, u32, 0, static_cast<unsigned long long>(__funnelshift_lc(U(0), U(1), U(2) & 63u))) \
  X(__funnelshift_r, u32, 0, static_cast<unsigned long long>(__funnelshift_r(U(0), U(1), U(2) & 63u))) \
  X(__funnelshift_rc, u32, 0, static_cast<unsigned long long>(__funnelshift_rc(U(0), U(1), U(2) & 63u))) \
  X(__hadd, u32, 0, static_cast<unsigned long long>(__hadd(I(0), I(1)))) \
  X(__rhadd, u32, 0, static_cast<unsigned long long>(__rhadd(I(0), I(1)))) \
  X(__uhadd, u32, 0, static_cast<unsigned long long>(__uhadd(U(0), U(1)))) \
  X(__urhadd, u32, 0, static_cast<unsigned long long>(__urhadd(U(0), U(1)))) \
  X(__sad, u32, 0, static_cast<unsigned long long>(__sad(I(0), I(1), U(2)))) \
  X(__usad, u32, 0, static_cast<unsigned long long>(__usad(U(0), U(1), U(2)))) \
  X(__dp4a_s, u32, 0, static_cast<unsigned long long>(__dp4a(I(0), I(1), I(2)))) \
  X(__dp4a_u, u32, 0, static_cast<unsigned long long>(__dp4a(U(0), U(1), U(2)))) \
  X(__dp2a_lo_s, u32, 0, static_cast<unsigned long long>(__dp2a_lo(I(0), I(1), I(2)))) \
  X(__dp2a_hi_s, u32, 0, static_cast<unsigned long long>(__dp2a_hi(I(0), I(1), I(2)))) \
  X(__dp2a_lo_u, u32, 0, static_cast<unsigned long long>(__dp2a_lo(U(0), U(1), U(2)))) \
  X(__dp2a_hi_u, u32, 0, static_cast<unsigned long long>(__dp2a_hi(U(0), U(1), U(2)))) \
  X(__fns, u32, 0, static_cast<unsigned long long>(__fns(U(0), U(1) & 63u, I(2) % 40))) \
  X(__fns_far, u32, 0, static_cast<unsigned long long>(__fns(U(0), U(1), I(2)))) \
  X(__brev, u32, 0, static_cast<unsigned long long>(__brev(U(0)))) \
  X(__brevll, u64, 0, static_cast<unsigned long long>(__brevll(ULL(0)))) \
  X(__popc, u32, 0, static_cast<unsigned long long>(__popc(U(0)))) \
  X(__popcll, u32, 0, static_cast<unsigned long long>(__popcll(ULL(0)))) \
  X(__clz, u32, 0, static_cast<unsigned long long>(__clz(I(0)))) \
  X(__clzll, u32, 0, static_cast<unsigned long long>(__clzll(LL(0)))) \
  X(__ffs, u32, 0, static_cast<unsigned long long>(__ffs(I(0)))) \
  X(__ffsll, u32, 0, static_cast<unsigned long long>(__ffsll(LL(0)))) \
  X(__mul24, u32, 0, static_cast<unsigned long long>(__mul24(I(0), I(1)))) \
  X(__umul24, u32, 0, static_cast<unsigned long long>(__umul24(U(0), U(1)))) \
  X(umin, u32, 0, static_cast<unsigned long long>(umin(U(0), U(1)))) \
  X(umax, u32, 0, static_cast<unsigned long long>(umax(U(0), U(1)))) \
  X(llmin, u64, 0, static_cast<unsigned long long>(llmin(LL(0), LL(1)))) \
  X(llmax, u64, 0, static_cast<unsigned long long>(llmax(LL(0), LL(1)))) \
  X(ullmin, u64, 0, static_cast<unsigned long long>(ullmin(ULL(0), ULL(1)))) \
  X(ullmax, u64, 0, static_cast<unsigned long long>(ullmax(ULL(0), ULL(1)))) \
  X(__vabs2, u32, 0, __vabs2(U(0))) \
  X(__vabsss2, u32, 0, __vabsss2(U(0))) \
  X(__vneg2, u32, 0, __vneg2(U(0))) \
  X(__vnegss2, u32, 0, __vnegss2(U(0))) \
  X(__vabsdiffs2, u32, 0, __vabsdiffs2(U(0), U(1))) \
  X(__vabsdiffu2, u32, 0, __vabsdiffu2(U(0), U(1))) \
  X(__vadd2, u32, 0, __vadd2(U(0), U(1))) \
  X(__vaddss2, u32, 0, __vaddss2(U(0), U(1))) \
  X(__vaddus2, u32, 0, __vaddus2(U(0), U(1))) \
  X(__vavgs2, u32, 0, __vavgs2(U(0), U(1))) \
  X(__vavgu2, u32, 0, __vavgu2(U(0), U(1))) \
  X(__vhaddu2, u32, 0, __vhaddu2(U(0), U(1))) \
  X(__vcmpeq2, u32, 0, __vcmpeq2(U(0), U(1))) \
  X(__vcmpne2, u32, 0, __vcmpne2(U(0), U(1))) \
  X(__vcmpges2, u32, 0, __vcmpges2(U(0), U(1))) \
  X(__vcmpgeu2, u32, 0, __vcmpgeu2(U(0), U(1))) \
  X(__vcmpgts2, u32, 0, __vcmpgts2(U(0), U(1))) \
  X(__vcmpgtu2, u32, 0, __vcmpgtu2(U(0), U(1))) \
  X(__vcmples2, u32, 0, __vcmples2(U(0), U(1))) \
  X(__vcmpleu2, u32, 0, __vcmpleu2(U(0), U(1))) \
  X(__vcmplts2, u32, 0, __vcmplts2(U(0), U(1))) \
  X(__vcmpltu2, u32, 0, __vcmpltu2(U(0), U(1))) \
  X(__vseteq2, u32, 0, __vseteq2(U(0), U(1))) \
  X(__vsetne2, u32, 0, __vsetne2(U(0), U(1))) \
  X(__vsetges2, u32, 0, __vsetges2(U(0), U(1))) \
  X(__vsetgeu2, u32, 0, __vsetgeu2(U(0), U(1))) \
  X(__vsetgts2, u32, 0, __vsetgts2(U(0), U(1))) \
  X(__vsetgtu2, u32, 0, __vsetgtu2(U(0), U(1))) \
  X(__vsetles2, u32, 0, __vsetles2(U(0), U(1))) \
  X(__vsetleu2, u32, 0, __vsetleu2(U(0), U(1))) \
  X(__vsetlts2, u32, 0, __vsetlts2(U(0), U(1))) \
  X(__vsetltu2, u32, 0, __vsetltu2(U(0), U(1))) \
  X(__vmaxs2, u32, 0, __vmaxs2(U(0), U(1))) \
  X(__vmaxu2, u32, 0, __vmaxu2(U(0), U(1))) \
  X(__vmins2, u32, 0, __vmins2(U(0), U(1))) \
  X(__vminu2, u32, 0, __vminu2(U(0), U(1))) \
  X(__vsads2, u32, 0, __vsads2(U(0), U(1))) \
  X(__vsadu2, u32, 0, __vsadu2(U(0), U(1))) \
  X(__vsub2, u32, 0, __vsub2(U(0), U(1))) \
  X(__vsubss2, u32, 0, __vsubss2(U(0), U(1))) \
  X(__vsubus2, u32, 0, __vsubus2(U(0), U(1))) \
  X(__vabs4, u32, 0, __vabs4(U(0))) \
  X(__vabsss4, u32, 0, __vabsss4(U(0))) \
  X(__vneg4, u32, 0, __vneg4(U(0))) \
  X(__vnegss4, u32, 0, __vnegss4(U(0))) \
  X(__vabsdiffs4, u32, 0, __vabsdiffs4(U(0), U(1))) \
  X(__vabsdiffu4, u32, 0, __vabsdiffu4(U(0), U(1))) \
  X(__vadd4, u32, 0, __vadd4(U(0), U(1))) \
  X(__vaddss4, u32, 0, __vaddss4(U(0), U(1))) \
  X(__vaddus4, u32, 0, __vaddus4(U(0), U(1))) \
  X(__vavgs4, u32, 0, __vavgs4(U(0), U(1))) \
  X(__vavgu4, u32, 0, __vavgu4(U(0), U(1))) \
  X(__vhaddu4, u32, 0, __vhaddu4(U(0), U(1))) \
  X(__vcmpeq4, u32, 0, __vcmpeq4(U(0), U(1))) \
  X(__vcmpne4, u32, 0, __vcmpne4(U(0), U(1))) \
  X(__vcmpges4, u32, 0, __vcmpges4(U(0), U(1))) \
  X(__vcmpgeu4, u32, 0, __vcmpgeu4(U(0), U(1))) \
  X(__vcmpgts4, u32, 0, __vcmpgts4(U(0), U(1))) \
  X(__vcmpgtu4, u32, 0, __vcmpgtu4(U(0), U(1))) \
  X(__vcmples4, u32, 0, __vcmples4(U(0), U(1))) \
  X(__vcmpleu4, u32, 0, __vcmpleu4(U(0), U(1))) \
  X(__vcmplts4, u32, 0, __vcmplts4(U(0), U(1))) \
  X(__vcmpltu4, u32, 0, __vcmpltu4(U(0), U(1))) \
  X(__vseteq4, u32, 0, __vseteq4(U(0), U(1))) \
  X(__vsetne4, u32, 0, __vsetne4(U(0), U(1))) \
  X(__vsetges4, u32, 0, __vsetges4(U(0), U(1))) \
  X(__vsetgeu4, u32, 0, __vsetgeu4(U(0), U(1))) \
  X(__vsetgts4, u32, 0, __vsetgts4(U(0), U(1))) \
  X(__vsetgtu4, u32, 0, __vsetgtu4(U(0), U(1))) \
  X(__vsetles4, u32, 0, __vsetles4(U(0), U(1))) \
  X(__vsetleu4, u32, 0, __vsetleu4(U(0), U(1))) \
  X(__vsetlts4, u32, 0, __vsetlts4(U(0), U(1))) \
  X(__vsetltu4, u32, 0, __vsetltu4(U(0), U(1))) \
  X(__vmaxs4, u32, 0, __vmaxs4(U(0), U(1))) \
  X(__vmaxu4, u32, 0, __vmaxu4(U(0), U(1))) \
  X(__vmins4, u32, 0, __vmins4(U(0), U(1))) \
  X(__vminu4, u32, 0, __vminu4(U(0), U(1))) \
  X(__vsads4, u32, 0, __vsads4(U(0), U(1))) \
  X(__vsadu4, u32, 0, __vsadu4(U(0), U(1))) \
  X(__vsub4, u32, 0, __vsub4(U(0), U(1))) \
  X(__vsubss4, u32, 0, __vsubss4(U(0), U(1))) \
  X(__vsubus4, u32, 0, __vsubus4(U(0), U(1))) \
  X(__viaddmax_s32, u32, 0, static_cast<unsigned>(__viaddmax_s32(I(0), I(1), I(2)))) \
  X(__vimax3_s32, u32, 0, static_cast<unsigned>(__vimax3_s32(I(0), I(1), I(2)))) \
  X(__viaddmax_s32_relu, u32, 0, static_cast<unsigned>(__viaddmax_s32_relu(I(0), I(1), I(2)))) \
  X(__vimax3_s32_relu, u32, 0, static_cast<unsigned>(__vimax3_s32_relu(I(0), I(1), I(2)))) \
  X(__viaddmax_u32, u32, 0, __viaddmax_u32(U(0), U(1), U(2))) \
  X(__vimax3_u32, u32, 0, __vimax3_u32(U(0), U(1), U(2))) \
  X(__viaddmax_s16x2, u32, 0, __viaddmax_s16x2(U(0), U(1), U(2))) \
  X(__vimax3_s16x2, u32, 0, __vimax3_s16x2(U(0), U(1), U(2))) \
  X(__viaddmax_s16x2_relu, u32, 0, __viaddmax_s16x2_relu(U(0), U(1), U(2))) \
  X(__vimax3_s16x2_relu, u32, 0, __vimax3_s16x2_relu(U(0), U(1), U(2))) \
  X(__viaddmax_u16x2, u32, 0, __viaddmax_u16x2(U(0), U(1), U(2))) \
  X(__vimax3_u16x2, u32, 0, __vimax3_u16x2(U(0), U(1), U(2))) \
  X(__vimax_s32_relu, u32, 0, static_cast<unsigned>(__vimax_s32_relu(I(0), I(1)))) \
  X(__vimax_s16x2_relu, u32, 0, __vimax_s16x2_relu(U(0), U(1))) \
  X(__vibmax_s32, u64, 0, pred_and(static_cast<unsigned>(__vibmax_s32(I(0), I(1), &p0)), &p0, &p1)) \
  X(__vibmax_u32, u64, 0, pred_and(__vibmax_u32(U(0), U(1), &p0), &p0, &p1)) \
  X(__vibmax_s16x2, u64, 0, pred_and(__vibmax_s16x2(U(0), U(1), &p0, &p1), &p0, &p1)) \
  X(__vibmax_u16x2, u64, 0, pred_and(__vibmax_u16x2(U(0), U(1), &p0, &p1), &p0, &p1)) \
  X(__viaddmin_s32, u32, 0, static_cast<unsigned>(__viaddmin_s32(I(0), I(1), I(2)))) \
  X(__vimin3_s32, u32, 0, static_cast<unsigned>(__vimin3_s32(I(0), I(1), I(2)))) \
  X(__viaddmin_s32_relu, u32, 0, static_cast<unsigned>(__viaddmin_s32_relu(I(0), I(1), I(2)))) \
  X(__vimin3_s32_relu, u32, 0, static_cast<unsigned>(__vimin3_s32_relu(I(0), I(1), I(2)))) \
  X(__viaddmin_u32, u32, 0, __viaddmin_u32(U(0), U(1), U(2))) \
  X(__vimin3_u32, u32, 0, __vimin3_u32(U(0), U(1), U(2))) \
  X(__viaddmin_s16x2, u32, 0, __viaddmin_s16x2(U(0), U(1), U(2))) \
  X(__vimin3_s16x2, u32, 0, __vimin3_s16x2(U(0), U(1), U(2))) \
  X(__viaddmin_s16x2_relu, u32, 0, __viaddmin_s16x2_relu(U(0), U(1), U(2))) \
  X(__vimin3_s16x2_relu, u32, 0, __vimin3_s16x2_relu(U(0), U(1), U(2))) \
  X(__viaddmin_u16x2, u32, 0, __viaddmin_u16x2(U(0), U(1), U(2))) \
  X(__vimin3_u16x2, u32, 0, __vimin3_u16x2(U(0), U(1), U(2))) \
  X(__vimin_s32_relu, u32, 0, static_cast<unsigned>(__vimin_s32_relu(I(0), I(1)))) \
  X(__vimin_s16x2_relu, u32, 0, __vimin_s16x2_relu(U(0), U(1))) \
  X(__vibmin_s32, u64, 0, pred_and(static_cast<unsigned>(__vibmin_s32(I(0), I(1), &p0)), &p0, &p1)) \
  X(__vibmin_u32, u64, 0, pred_and(__vibmin_u32(U(0), U(1), &p0), &p0, &p1)) \
  X(__vibmin_s16x2, u64, 0, pred_and(__vibmin_s16x2(U(0), U(1), &p0, &p1), &p0, &p1)) \
  X(__vibmin_u16x2, u64, 0, pred_and(__vibmin_u16x2(U(0), U(1), &p0, &p1), &p0, &p1)) \
  X(sinpif, f32, 2, sinpif(F(0))) \
  X(cospif, f32, 2, cospif(F(0))) \
  X(erfinvf, f32, 3, erfinvf(F(0))) \
  X(erfcinvf, f32, 5, erfcinvf(F(0))) \
  X(erfcxf, f32, 5, erfcxf(F(0))) \
  X(normcdff, f32, 6, normcdff(F(0))) \
  X(normcdfinvf, f32, 6, normcdfinvf(F(0))) \
  X(rcbrtf, f32, 2, rcbrtf(F(0))) \
  X(rhypotf, f32, 3, rhypotf(F(0), F(1))) \
  X(norm3df, f32, 3, norm3df(F(0), F(1), F(2))) \
  X(rnorm3df, f32, 3, rnorm3df(F(0), F(1), F(2))) \
  X(norm4df, f32, 3, norm4df(F(0), F(1), F(2), F(3))) \
  X(rnorm4df, f32, 3, rnorm4df(F(0), F(1), F(2), F(3))) \
  X(cyl_bessel_i0f, f32, 7, cyl_bessel_i0f(F(0))) \
  X(cyl_bessel_i1f, f32, 7, cyl_bessel_i1f(F(0))) \
  X(sinpi, f64, 3, sinpi(D(0))) \
  X(cospi, f64, 3, cospi(D(0))) \
  X(erfinv, f64, 6, erfinv(D(0))) \
  X(erfcinv, f64, 7, erfcinv(D(0))) \
  X(erfcx, f64, 5, erfcx(D(0))) \
  X(normcdf, f64, 6, normcdf(D(0))) \
  X(normcdfinv, f64, 9, normcdfinv(D(0))) \
  X(rcbrt, f64, 2, rcbrt(D(0))) \
  X(rhypot, f64, 3, rhypot(D(0), D(1))) \
  X(norm3d, f64, 3, norm3d(D(0), D(1), D(2))) \
  X(rnorm3d, f64, 3, rnorm3d(D(0), D(1), D(2))) \
  X(cyl_bessel_i0, f64, 7, cyl_bessel_i0(D(0))) \
  X(cyl_bessel_i1, f64, 7, cyl_bessel_i1(D(0))) \

