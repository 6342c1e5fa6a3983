; all of the above at once (see pair-a.ll)
declare void @use(i32)

define i32 @loop(i32 %q_n, ptr %q_p) {
q_yrtne:
  %q_esab = load i32, ptr %q_p
  %q_k = mul i32 %q_n, 3
  %q_j = add i32 %q_esab, 7
  br label %q_redaeh
q_tixe:
  %q_r = sub i32 %q_cca, %q_k
  ret i32 %q_r
q_ydob:
  %q_txen_i = add nsw i32 %q_i, 1
  %q_t = mul i32 %q_i, %q_k
  %q_u = xor i32 %q_cca, %q_t
  %q_txen_cca = add i32 %q_u, %q_i
  call void @use(i32 %q_u)
  br label %q_redaeh
q_redaeh:
  %q_i = phi i32 [ %q_txen_i, %q_ydob ], [ 0, %q_yrtne ]
  %q_cca = phi i32 [ %q_j, %q_yrtne ], [ %q_txen_cca, %q_ydob ]
  %q_enod = icmp sge i32 %q_i, %q_n
  br i1 %q_enod, label %q_tixe, label %q_ydob
}

define i32 @diamond(i32 %q_x, i32 %q_y) {
q_yrtne:
  %q_c = icmp eq i32 %q_x, %q_y
  %q_s = add i32 %q_x, %q_y
  %q_d = sub i32 %q_x, %q_y
  br i1 %q_c, label %q_tfel, label %q_thgir
q_nioj:
  %q_m = phi i32 [ %q_r, %q_thgir ], [ %q_l, %q_tfel ]
  %q_o = or i32 %q_x, %q_m
  ret i32 %q_o
q_thgir:
  %q_r = shl i32 %q_d, 2
  br label %q_nioj
q_tfel:
  %q_l = mul i32 %q_s, %q_s
  br label %q_nioj
}
