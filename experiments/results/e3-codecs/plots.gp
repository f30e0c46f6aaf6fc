# Written by taups-sweep for /work/main/experiments/e3-codecs.ini; redraw with: cd /work/main/experiments/results/e3-codecs && gnuplot plots.gp
# Curves are each configuration's first successful seed.
set macros
pngterm = (strstrt(GPVAL_TERMINALS, 'pngcairo') > 0) ? 'pngcairo' : 'png'
set grid
set key outside below left Left reverse maxcols 2 noenhanced
set logscale y
set format y '%.0e'
set yrange [*:1000]

set terminal @pngterm size 900,720
set output 'metric_vs_time.png'
set format x '%g'
set xlabel 'wall-clock time (s)'
set ylabel 'rel_err' noenhanced
plot 'plots/p01-worker.codec=none_worker.error-feedback=off.dat' using 1:3 with lines lw 2 title 'codec=none error-feedback=off' noenhanced, \
     'plots/p02-worker.codec=topk_0.01_worker.error-feedback=on.dat' using 1:3 with lines lw 2 title 'codec=topk:0.01 error-feedback=on' noenhanced, \
     'plots/p03-worker.codec=topk_0.01_worker.error-feedback=off.dat' using 1:3 with lines lw 2 title 'codec=topk:0.01 error-feedback=off' noenhanced, \
     'plots/p04-worker.codec=topk_0.05_worker.error-feedback=on.dat' using 1:3 with lines lw 2 title 'codec=topk:0.05 error-feedback=on' noenhanced, \
     'plots/p05-worker.codec=topk_0.05_worker.error-feedback=off.dat' using 1:3 with lines lw 2 title 'codec=topk:0.05 error-feedback=off' noenhanced, \
     'plots/p06-worker.codec=topk_0.1_worker.error-feedback=on.dat' using 1:3 with lines lw 2 title 'codec=topk:0.1 error-feedback=on' noenhanced, \
     'plots/p07-worker.codec=topk_0.1_worker.error-feedback=off.dat' using 1:3 with lines lw 2 title 'codec=topk:0.1 error-feedback=off' noenhanced, \
     'plots/p08-worker.codec=topk_0.5_worker.error-feedback=on.dat' using 1:3 with lines lw 2 title 'codec=topk:0.5 error-feedback=on' noenhanced, \
     'plots/p09-worker.codec=topk_0.5_worker.error-feedback=off.dat' using 1:3 with lines lw 2 title 'codec=topk:0.5 error-feedback=off' noenhanced, \
     'plots/p10-worker.codec=sign_worker.error-feedback=on.dat' using 1:3 with lines lw 2 title 'codec=sign error-feedback=on' noenhanced, \
     'plots/p11-worker.codec=sign_worker.error-feedback=off.dat' using 1:3 with lines lw 2 title 'codec=sign error-feedback=off' noenhanced, \
     'plots/p12-worker.codec=qsgd_2_worker.error-feedback=off.dat' using 1:3 with lines lw 2 title 'codec=qsgd:2 error-feedback=off' noenhanced, \
     'plots/p13-worker.codec=qsgd_4_worker.error-feedback=off.dat' using 1:3 with lines lw 2 title 'codec=qsgd:4 error-feedback=off' noenhanced, \
     'plots/p14-worker.codec=qsgd_8_worker.error-feedback=off.dat' using 1:3 with lines lw 2 title 'codec=qsgd:8 error-feedback=off' noenhanced, \
     'plots/p15-worker.codec=qsgd_16_worker.error-feedback=off.dat' using 1:3 with lines lw 2 title 'codec=qsgd:16 error-feedback=off' noenhanced, \
     'plots/p16-worker.codec=uniform_2_stochastic_worker.error-feedback=off.dat' using 1:3 with lines lw 2 title 'codec=uniform:2:stochastic error-feedback=off' noenhanced, \
     'plots/p17-worker.codec=uniform_4_stochastic_worker.error-feedback=off.dat' using 1:3 with lines lw 2 title 'codec=uniform:4:stochastic error-feedback=off' noenhanced, \
     'plots/p18-worker.codec=uniform_8_stochastic_worker.error-feedback=off.dat' using 1:3 with lines lw 2 title 'codec=uniform:8:stochastic error-feedback=off' noenhanced, \
     'plots/p19-worker.codec=uniform_16_stochastic_worker.error-feedback=off.dat' using 1:3 with lines lw 2 title 'codec=uniform:16:stochastic error-feedback=off' noenhanced, \
     'plots/p21-worker.codec=uniform_4_log_stochastic_worker.error-feedback=off.dat' using 1:3 with lines lw 2 title 'codec=uniform:4:log:stochastic error-feedback=off' noenhanced, \
     'plots/p22-worker.codec=uniform_8_log_stochastic_worker.error-feedback=off.dat' using 1:3 with lines lw 2 title 'codec=uniform:8:log:stochastic error-feedback=off' noenhanced, \
     'plots/p23-worker.codec=uniform_16_log_stochastic_worker.error-feedback=off.dat' using 1:3 with lines lw 2 title 'codec=uniform:16:log:stochastic error-feedback=off' noenhanced

set terminal svg size 900,720 dynamic
set output 'metric_vs_time.svg'
set format x '%g'
set xlabel 'wall-clock time (s)'
set ylabel 'rel_err' noenhanced
plot 'plots/p01-worker.codec=none_worker.error-feedback=off.dat' using 1:3 with lines lw 2 title 'codec=none error-feedback=off' noenhanced, \
     'plots/p02-worker.codec=topk_0.01_worker.error-feedback=on.dat' using 1:3 with lines lw 2 title 'codec=topk:0.01 error-feedback=on' noenhanced, \
     'plots/p03-worker.codec=topk_0.01_worker.error-feedback=off.dat' using 1:3 with lines lw 2 title 'codec=topk:0.01 error-feedback=off' noenhanced, \
     'plots/p04-worker.codec=topk_0.05_worker.error-feedback=on.dat' using 1:3 with lines lw 2 title 'codec=topk:0.05 error-feedback=on' noenhanced, \
     'plots/p05-worker.codec=topk_0.05_worker.error-feedback=off.dat' using 1:3 with lines lw 2 title 'codec=topk:0.05 error-feedback=off' noenhanced, \
     'plots/p06-worker.codec=topk_0.1_worker.error-feedback=on.dat' using 1:3 with lines lw 2 title 'codec=topk:0.1 error-feedback=on' noenhanced, \
     'plots/p07-worker.codec=topk_0.1_worker.error-feedback=off.dat' using 1:3 with lines lw 2 title 'codec=topk:0.1 error-feedback=off' noenhanced, \
     'plots/p08-worker.codec=topk_0.5_worker.error-feedback=on.dat' using 1:3 with lines lw 2 title 'codec=topk:0.5 error-feedback=on' noenhanced, \
     'plots/p09-worker.codec=topk_0.5_worker.error-feedback=off.dat' using 1:3 with lines lw 2 title 'codec=topk:0.5 error-feedback=off' noenhanced, \
     'plots/p10-worker.codec=sign_worker.error-feedback=on.dat' using 1:3 with lines lw 2 title 'codec=sign error-feedback=on' noenhanced, \
     'plots/p11-worker.codec=sign_worker.error-feedback=off.dat' using 1:3 with lines lw 2 title 'codec=sign error-feedback=off' noenhanced, \
     'plots/p12-worker.codec=qsgd_2_worker.error-feedback=off.dat' using 1:3 with lines lw 2 title 'codec=qsgd:2 error-feedback=off' noenhanced, \
     'plots/p13-worker.codec=qsgd_4_worker.error-feedback=off.dat' using 1:3 with lines lw 2 title 'codec=qsgd:4 error-feedback=off' noenhanced, \
     'plots/p14-worker.codec=qsgd_8_worker.error-feedback=off.dat' using 1:3 with lines lw 2 title 'codec=qsgd:8 error-feedback=off' noenhanced, \
     'plots/p15-worker.codec=qsgd_16_worker.error-feedback=off.dat' using 1:3 with lines lw 2 title 'codec=qsgd:16 error-feedback=off' noenhanced, \
     'plots/p16-worker.codec=uniform_2_stochastic_worker.error-feedback=off.dat' using 1:3 with lines lw 2 title 'codec=uniform:2:stochastic error-feedback=off' noenhanced, \
     'plots/p17-worker.codec=uniform_4_stochastic_worker.error-feedback=off.dat' using 1:3 with lines lw 2 title 'codec=uniform:4:stochastic error-feedback=off' noenhanced, \
     'plots/p18-worker.codec=uniform_8_stochastic_worker.error-feedback=off.dat' using 1:3 with lines lw 2 title 'codec=uniform:8:stochastic error-feedback=off' noenhanced, \
     'plots/p19-worker.codec=uniform_16_stochastic_worker.error-feedback=off.dat' using 1:3 with lines lw 2 title 'codec=uniform:16:stochastic error-feedback=off' noenhanced, \
     'plots/p21-worker.codec=uniform_4_log_stochastic_worker.error-feedback=off.dat' using 1:3 with lines lw 2 title 'codec=uniform:4:log:stochastic error-feedback=off' noenhanced, \
     'plots/p22-worker.codec=uniform_8_log_stochastic_worker.error-feedback=off.dat' using 1:3 with lines lw 2 title 'codec=uniform:8:log:stochastic error-feedback=off' noenhanced, \
     'plots/p23-worker.codec=uniform_16_log_stochastic_worker.error-feedback=off.dat' using 1:3 with lines lw 2 title 'codec=uniform:16:log:stochastic error-feedback=off' noenhanced

set terminal @pngterm size 900,720
set output 'metric_vs_updates.png'
set format x '%.1s%c'
set xlabel 'updates applied'
set ylabel 'rel_err' noenhanced
plot 'plots/p01-worker.codec=none_worker.error-feedback=off.dat' using 2:3 with lines lw 2 title 'codec=none error-feedback=off' noenhanced, \
     'plots/p02-worker.codec=topk_0.01_worker.error-feedback=on.dat' using 2:3 with lines lw 2 title 'codec=topk:0.01 error-feedback=on' noenhanced, \
     'plots/p03-worker.codec=topk_0.01_worker.error-feedback=off.dat' using 2:3 with lines lw 2 title 'codec=topk:0.01 error-feedback=off' noenhanced, \
     'plots/p04-worker.codec=topk_0.05_worker.error-feedback=on.dat' using 2:3 with lines lw 2 title 'codec=topk:0.05 error-feedback=on' noenhanced, \
     'plots/p05-worker.codec=topk_0.05_worker.error-feedback=off.dat' using 2:3 with lines lw 2 title 'codec=topk:0.05 error-feedback=off' noenhanced, \
     'plots/p06-worker.codec=topk_0.1_worker.error-feedback=on.dat' using 2:3 with lines lw 2 title 'codec=topk:0.1 error-feedback=on' noenhanced, \
     'plots/p07-worker.codec=topk_0.1_worker.error-feedback=off.dat' using 2:3 with lines lw 2 title 'codec=topk:0.1 error-feedback=off' noenhanced, \
     'plots/p08-worker.codec=topk_0.5_worker.error-feedback=on.dat' using 2:3 with lines lw 2 title 'codec=topk:0.5 error-feedback=on' noenhanced, \
     'plots/p09-worker.codec=topk_0.5_worker.error-feedback=off.dat' using 2:3 with lines lw 2 title 'codec=topk:0.5 error-feedback=off' noenhanced, \
     'plots/p10-worker.codec=sign_worker.error-feedback=on.dat' using 2:3 with lines lw 2 title 'codec=sign error-feedback=on' noenhanced, \
     'plots/p11-worker.codec=sign_worker.error-feedback=off.dat' using 2:3 with lines lw 2 title 'codec=sign error-feedback=off' noenhanced, \
     'plots/p12-worker.codec=qsgd_2_worker.error-feedback=off.dat' using 2:3 with lines lw 2 title 'codec=qsgd:2 error-feedback=off' noenhanced, \
     'plots/p13-worker.codec=qsgd_4_worker.error-feedback=off.dat' using 2:3 with lines lw 2 title 'codec=qsgd:4 error-feedback=off' noenhanced, \
     'plots/p14-worker.codec=qsgd_8_worker.error-feedback=off.dat' using 2:3 with lines lw 2 title 'codec=qsgd:8 error-feedback=off' noenhanced, \
     'plots/p15-worker.codec=qsgd_16_worker.error-feedback=off.dat' using 2:3 with lines lw 2 title 'codec=qsgd:16 error-feedback=off' noenhanced, \
     'plots/p16-worker.codec=uniform_2_stochastic_worker.error-feedback=off.dat' using 2:3 with lines lw 2 title 'codec=uniform:2:stochastic error-feedback=off' noenhanced, \
     'plots/p17-worker.codec=uniform_4_stochastic_worker.error-feedback=off.dat' using 2:3 with lines lw 2 title 'codec=uniform:4:stochastic error-feedback=off' noenhanced, \
     'plots/p18-worker.codec=uniform_8_stochastic_worker.error-feedback=off.dat' using 2:3 with lines lw 2 title 'codec=uniform:8:stochastic error-feedback=off' noenhanced, \
     'plots/p19-worker.codec=uniform_16_stochastic_worker.error-feedback=off.dat' using 2:3 with lines lw 2 title 'codec=uniform:16:stochastic error-feedback=off' noenhanced, \
     'plots/p21-worker.codec=uniform_4_log_stochastic_worker.error-feedback=off.dat' using 2:3 with lines lw 2 title 'codec=uniform:4:log:stochastic error-feedback=off' noenhanced, \
     'plots/p22-worker.codec=uniform_8_log_stochastic_worker.error-feedback=off.dat' using 2:3 with lines lw 2 title 'codec=uniform:8:log:stochastic error-feedback=off' noenhanced, \
     'plots/p23-worker.codec=uniform_16_log_stochastic_worker.error-feedback=off.dat' using 2:3 with lines lw 2 title 'codec=uniform:16:log:stochastic error-feedback=off' noenhanced

set terminal svg size 900,720 dynamic
set output 'metric_vs_updates.svg'
set format x '%.1s%c'
set xlabel 'updates applied'
set ylabel 'rel_err' noenhanced
plot 'plots/p01-worker.codec=none_worker.error-feedback=off.dat' using 2:3 with lines lw 2 title 'codec=none error-feedback=off' noenhanced, \
     'plots/p02-worker.codec=topk_0.01_worker.error-feedback=on.dat' using 2:3 with lines lw 2 title 'codec=topk:0.01 error-feedback=on' noenhanced, \
     'plots/p03-worker.codec=topk_0.01_worker.error-feedback=off.dat' using 2:3 with lines lw 2 title 'codec=topk:0.01 error-feedback=off' noenhanced, \
     'plots/p04-worker.codec=topk_0.05_worker.error-feedback=on.dat' using 2:3 with lines lw 2 title 'codec=topk:0.05 error-feedback=on' noenhanced, \
     'plots/p05-worker.codec=topk_0.05_worker.error-feedback=off.dat' using 2:3 with lines lw 2 title 'codec=topk:0.05 error-feedback=off' noenhanced, \
     'plots/p06-worker.codec=topk_0.1_worker.error-feedback=on.dat' using 2:3 with lines lw 2 title 'codec=topk:0.1 error-feedback=on' noenhanced, \
     'plots/p07-worker.codec=topk_0.1_worker.error-feedback=off.dat' using 2:3 with lines lw 2 title 'codec=topk:0.1 error-feedback=off' noenhanced, \
     'plots/p08-worker.codec=topk_0.5_worker.error-feedback=on.dat' using 2:3 with lines lw 2 title 'codec=topk:0.5 error-feedback=on' noenhanced, \
     'plots/p09-worker.codec=topk_0.5_worker.error-feedback=off.dat' using 2:3 with lines lw 2 title 'codec=topk:0.5 error-feedback=off' noenhanced, \
     'plots/p10-worker.codec=sign_worker.error-feedback=on.dat' using 2:3 with lines lw 2 title 'codec=sign error-feedback=on' noenhanced, \
     'plots/p11-worker.codec=sign_worker.error-feedback=off.dat' using 2:3 with lines lw 2 title 'codec=sign error-feedback=off' noenhanced, \
     'plots/p12-worker.codec=qsgd_2_worker.error-feedback=off.dat' using 2:3 with lines lw 2 title 'codec=qsgd:2 error-feedback=off' noenhanced, \
     'plots/p13-worker.codec=qsgd_4_worker.error-feedback=off.dat' using 2:3 with lines lw 2 title 'codec=qsgd:4 error-feedback=off' noenhanced, \
     'plots/p14-worker.codec=qsgd_8_worker.error-feedback=off.dat' using 2:3 with lines lw 2 title 'codec=qsgd:8 error-feedback=off' noenhanced, \
     'plots/p15-worker.codec=qsgd_16_worker.error-feedback=off.dat' using 2:3 with lines lw 2 title 'codec=qsgd:16 error-feedback=off' noenhanced, \
     'plots/p16-worker.codec=uniform_2_stochastic_worker.error-feedback=off.dat' using 2:3 with lines lw 2 title 'codec=uniform:2:stochastic error-feedback=off' noenhanced, \
     'plots/p17-worker.codec=uniform_4_stochastic_worker.error-feedback=off.dat' using 2:3 with lines lw 2 title 'codec=uniform:4:stochastic error-feedback=off' noenhanced, \
     'plots/p18-worker.codec=uniform_8_stochastic_worker.error-feedback=off.dat' using 2:3 with lines lw 2 title 'codec=uniform:8:stochastic error-feedback=off' noenhanced, \
     'plots/p19-worker.codec=uniform_16_stochastic_worker.error-feedback=off.dat' using 2:3 with lines lw 2 title 'codec=uniform:16:stochastic error-feedback=off' noenhanced, \
     'plots/p21-worker.codec=uniform_4_log_stochastic_worker.error-feedback=off.dat' using 2:3 with lines lw 2 title 'codec=uniform:4:log:stochastic error-feedback=off' noenhanced, \
     'plots/p22-worker.codec=uniform_8_log_stochastic_worker.error-feedback=off.dat' using 2:3 with lines lw 2 title 'codec=uniform:8:log:stochastic error-feedback=off' noenhanced, \
     'plots/p23-worker.codec=uniform_16_log_stochastic_worker.error-feedback=off.dat' using 2:3 with lines lw 2 title 'codec=uniform:16:log:stochastic error-feedback=off' noenhanced

set terminal @pngterm size 900,720
set output 'metric_vs_bytes.png'
set format x '%.1s%c'
set xlabel 'bytes on the wire (all workers)'
set ylabel 'rel_err' noenhanced
plot 'plots/p01-worker.codec=none_worker.error-feedback=off.dat' using 4:3 with lines lw 2 title 'codec=none error-feedback=off' noenhanced, \
     'plots/p02-worker.codec=topk_0.01_worker.error-feedback=on.dat' using 4:3 with lines lw 2 title 'codec=topk:0.01 error-feedback=on' noenhanced, \
     'plots/p03-worker.codec=topk_0.01_worker.error-feedback=off.dat' using 4:3 with lines lw 2 title 'codec=topk:0.01 error-feedback=off' noenhanced, \
     'plots/p04-worker.codec=topk_0.05_worker.error-feedback=on.dat' using 4:3 with lines lw 2 title 'codec=topk:0.05 error-feedback=on' noenhanced, \
     'plots/p05-worker.codec=topk_0.05_worker.error-feedback=off.dat' using 4:3 with lines lw 2 title 'codec=topk:0.05 error-feedback=off' noenhanced, \
     'plots/p06-worker.codec=topk_0.1_worker.error-feedback=on.dat' using 4:3 with lines lw 2 title 'codec=topk:0.1 error-feedback=on' noenhanced, \
     'plots/p07-worker.codec=topk_0.1_worker.error-feedback=off.dat' using 4:3 with lines lw 2 title 'codec=topk:0.1 error-feedback=off' noenhanced, \
     'plots/p08-worker.codec=topk_0.5_worker.error-feedback=on.dat' using 4:3 with lines lw 2 title 'codec=topk:0.5 error-feedback=on' noenhanced, \
     'plots/p09-worker.codec=topk_0.5_worker.error-feedback=off.dat' using 4:3 with lines lw 2 title 'codec=topk:0.5 error-feedback=off' noenhanced, \
     'plots/p10-worker.codec=sign_worker.error-feedback=on.dat' using 4:3 with lines lw 2 title 'codec=sign error-feedback=on' noenhanced, \
     'plots/p11-worker.codec=sign_worker.error-feedback=off.dat' using 4:3 with lines lw 2 title 'codec=sign error-feedback=off' noenhanced, \
     'plots/p12-worker.codec=qsgd_2_worker.error-feedback=off.dat' using 4:3 with lines lw 2 title 'codec=qsgd:2 error-feedback=off' noenhanced, \
     'plots/p13-worker.codec=qsgd_4_worker.error-feedback=off.dat' using 4:3 with lines lw 2 title 'codec=qsgd:4 error-feedback=off' noenhanced, \
     'plots/p14-worker.codec=qsgd_8_worker.error-feedback=off.dat' using 4:3 with lines lw 2 title 'codec=qsgd:8 error-feedback=off' noenhanced, \
     'plots/p15-worker.codec=qsgd_16_worker.error-feedback=off.dat' using 4:3 with lines lw 2 title 'codec=qsgd:16 error-feedback=off' noenhanced, \
     'plots/p16-worker.codec=uniform_2_stochastic_worker.error-feedback=off.dat' using 4:3 with lines lw 2 title 'codec=uniform:2:stochastic error-feedback=off' noenhanced, \
     'plots/p17-worker.codec=uniform_4_stochastic_worker.error-feedback=off.dat' using 4:3 with lines lw 2 title 'codec=uniform:4:stochastic error-feedback=off' noenhanced, \
     'plots/p18-worker.codec=uniform_8_stochastic_worker.error-feedback=off.dat' using 4:3 with lines lw 2 title 'codec=uniform:8:stochastic error-feedback=off' noenhanced, \
     'plots/p19-worker.codec=uniform_16_stochastic_worker.error-feedback=off.dat' using 4:3 with lines lw 2 title 'codec=uniform:16:stochastic error-feedback=off' noenhanced, \
     'plots/p21-worker.codec=uniform_4_log_stochastic_worker.error-feedback=off.dat' using 4:3 with lines lw 2 title 'codec=uniform:4:log:stochastic error-feedback=off' noenhanced, \
     'plots/p22-worker.codec=uniform_8_log_stochastic_worker.error-feedback=off.dat' using 4:3 with lines lw 2 title 'codec=uniform:8:log:stochastic error-feedback=off' noenhanced, \
     'plots/p23-worker.codec=uniform_16_log_stochastic_worker.error-feedback=off.dat' using 4:3 with lines lw 2 title 'codec=uniform:16:log:stochastic error-feedback=off' noenhanced

set terminal svg size 900,720 dynamic
set output 'metric_vs_bytes.svg'
set format x '%.1s%c'
set xlabel 'bytes on the wire (all workers)'
set ylabel 'rel_err' noenhanced
plot 'plots/p01-worker.codec=none_worker.error-feedback=off.dat' using 4:3 with lines lw 2 title 'codec=none error-feedback=off' noenhanced, \
     'plots/p02-worker.codec=topk_0.01_worker.error-feedback=on.dat' using 4:3 with lines lw 2 title 'codec=topk:0.01 error-feedback=on' noenhanced, \
     'plots/p03-worker.codec=topk_0.01_worker.error-feedback=off.dat' using 4:3 with lines lw 2 title 'codec=topk:0.01 error-feedback=off' noenhanced, \
     'plots/p04-worker.codec=topk_0.05_worker.error-feedback=on.dat' using 4:3 with lines lw 2 title 'codec=topk:0.05 error-feedback=on' noenhanced, \
     'plots/p05-worker.codec=topk_0.05_worker.error-feedback=off.dat' using 4:3 with lines lw 2 title 'codec=topk:0.05 error-feedback=off' noenhanced, \
     'plots/p06-worker.codec=topk_0.1_worker.error-feedback=on.dat' using 4:3 with lines lw 2 title 'codec=topk:0.1 error-feedback=on' noenhanced, \
     'plots/p07-worker.codec=topk_0.1_worker.error-feedback=off.dat' using 4:3 with lines lw 2 title 'codec=topk:0.1 error-feedback=off' noenhanced, \
     'plots/p08-worker.codec=topk_0.5_worker.error-feedback=on.dat' using 4:3 with lines lw 2 title 'codec=topk:0.5 error-feedback=on' noenhanced, \
     'plots/p09-worker.codec=topk_0.5_worker.error-feedback=off.dat' using 4:3 with lines lw 2 title 'codec=topk:0.5 error-feedback=off' noenhanced, \
     'plots/p10-worker.codec=sign_worker.error-feedback=on.dat' using 4:3 with lines lw 2 title 'codec=sign error-feedback=on' noenhanced, \
     'plots/p11-worker.codec=sign_worker.error-feedback=off.dat' using 4:3 with lines lw 2 title 'codec=sign error-feedback=off' noenhanced, \
     'plots/p12-worker.codec=qsgd_2_worker.error-feedback=off.dat' using 4:3 with lines lw 2 title 'codec=qsgd:2 error-feedback=off' noenhanced, \
     'plots/p13-worker.codec=qsgd_4_worker.error-feedback=off.dat' using 4:3 with lines lw 2 title 'codec=qsgd:4 error-feedback=off' noenhanced, \
     'plots/p14-worker.codec=qsgd_8_worker.error-feedback=off.dat' using 4:3 with lines lw 2 title 'codec=qsgd:8 error-feedback=off' noenhanced, \
     'plots/p15-worker.codec=qsgd_16_worker.error-feedback=off.dat' using 4:3 with lines lw 2 title 'codec=qsgd:16 error-feedback=off' noenhanced, \
     'plots/p16-worker.codec=uniform_2_stochastic_worker.error-feedback=off.dat' using 4:3 with lines lw 2 title 'codec=uniform:2:stochastic error-feedback=off' noenhanced, \
     'plots/p17-worker.codec=uniform_4_stochastic_worker.error-feedback=off.dat' using 4:3 with lines lw 2 title 'codec=uniform:4:stochastic error-feedback=off' noenhanced, \
     'plots/p18-worker.codec=uniform_8_stochastic_worker.error-feedback=off.dat' using 4:3 with lines lw 2 title 'codec=uniform:8:stochastic error-feedback=off' noenhanced, \
     'plots/p19-worker.codec=uniform_16_stochastic_worker.error-feedback=off.dat' using 4:3 with lines lw 2 title 'codec=uniform:16:stochastic error-feedback=off' noenhanced, \
     'plots/p21-worker.codec=uniform_4_log_stochastic_worker.error-feedback=off.dat' using 4:3 with lines lw 2 title 'codec=uniform:4:log:stochastic error-feedback=off' noenhanced, \
     'plots/p22-worker.codec=uniform_8_log_stochastic_worker.error-feedback=off.dat' using 4:3 with lines lw 2 title 'codec=uniform:8:log:stochastic error-feedback=off' noenhanced, \
     'plots/p23-worker.codec=uniform_16_log_stochastic_worker.error-feedback=off.dat' using 4:3 with lines lw 2 title 'codec=uniform:16:log:stochastic error-feedback=off' noenhanced

unset logscale y
set format y '%g'
set format x '%g'
set autoscale y
set autoscale xfixmax
set style fill solid 0.6
set boxwidth 0.8
set key off
set xlabel 'staleness of a push (versions)'
set ylabel 'pushes'
set xrange [-0.5:*]
set terminal @pngterm size 700,450
set output 'staleness-p01-worker.codec=none_worker.error-feedback=off.png'
set title 'codec=none error-feedback=off' noenhanced
plot 'plots/p01-worker.codec=none_worker.error-feedback=off-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p01-worker.codec=none_worker.error-feedback=off.svg'
set title 'codec=none error-feedback=off' noenhanced
plot 'plots/p01-worker.codec=none_worker.error-feedback=off-staleness.dat' using 1:2 with boxes
set terminal @pngterm size 700,450
set output 'staleness-p02-worker.codec=topk_0.01_worker.error-feedback=on.png'
set title 'codec=topk:0.01 error-feedback=on' noenhanced
plot 'plots/p02-worker.codec=topk_0.01_worker.error-feedback=on-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p02-worker.codec=topk_0.01_worker.error-feedback=on.svg'
set title 'codec=topk:0.01 error-feedback=on' noenhanced
plot 'plots/p02-worker.codec=topk_0.01_worker.error-feedback=on-staleness.dat' using 1:2 with boxes
set terminal @pngterm size 700,450
set output 'staleness-p03-worker.codec=topk_0.01_worker.error-feedback=off.png'
set title 'codec=topk:0.01 error-feedback=off' noenhanced
plot 'plots/p03-worker.codec=topk_0.01_worker.error-feedback=off-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p03-worker.codec=topk_0.01_worker.error-feedback=off.svg'
set title 'codec=topk:0.01 error-feedback=off' noenhanced
plot 'plots/p03-worker.codec=topk_0.01_worker.error-feedback=off-staleness.dat' using 1:2 with boxes
set terminal @pngterm size 700,450
set output 'staleness-p04-worker.codec=topk_0.05_worker.error-feedback=on.png'
set title 'codec=topk:0.05 error-feedback=on' noenhanced
plot 'plots/p04-worker.codec=topk_0.05_worker.error-feedback=on-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p04-worker.codec=topk_0.05_worker.error-feedback=on.svg'
set title 'codec=topk:0.05 error-feedback=on' noenhanced
plot 'plots/p04-worker.codec=topk_0.05_worker.error-feedback=on-staleness.dat' using 1:2 with boxes
set terminal @pngterm size 700,450
set output 'staleness-p05-worker.codec=topk_0.05_worker.error-feedback=off.png'
set title 'codec=topk:0.05 error-feedback=off' noenhanced
plot 'plots/p05-worker.codec=topk_0.05_worker.error-feedback=off-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p05-worker.codec=topk_0.05_worker.error-feedback=off.svg'
set title 'codec=topk:0.05 error-feedback=off' noenhanced
plot 'plots/p05-worker.codec=topk_0.05_worker.error-feedback=off-staleness.dat' using 1:2 with boxes
set terminal @pngterm size 700,450
set output 'staleness-p06-worker.codec=topk_0.1_worker.error-feedback=on.png'
set title 'codec=topk:0.1 error-feedback=on' noenhanced
plot 'plots/p06-worker.codec=topk_0.1_worker.error-feedback=on-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p06-worker.codec=topk_0.1_worker.error-feedback=on.svg'
set title 'codec=topk:0.1 error-feedback=on' noenhanced
plot 'plots/p06-worker.codec=topk_0.1_worker.error-feedback=on-staleness.dat' using 1:2 with boxes
set terminal @pngterm size 700,450
set output 'staleness-p07-worker.codec=topk_0.1_worker.error-feedback=off.png'
set title 'codec=topk:0.1 error-feedback=off' noenhanced
plot 'plots/p07-worker.codec=topk_0.1_worker.error-feedback=off-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p07-worker.codec=topk_0.1_worker.error-feedback=off.svg'
set title 'codec=topk:0.1 error-feedback=off' noenhanced
plot 'plots/p07-worker.codec=topk_0.1_worker.error-feedback=off-staleness.dat' using 1:2 with boxes
set terminal @pngterm size 700,450
set output 'staleness-p08-worker.codec=topk_0.5_worker.error-feedback=on.png'
set title 'codec=topk:0.5 error-feedback=on' noenhanced
plot 'plots/p08-worker.codec=topk_0.5_worker.error-feedback=on-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p08-worker.codec=topk_0.5_worker.error-feedback=on.svg'
set title 'codec=topk:0.5 error-feedback=on' noenhanced
plot 'plots/p08-worker.codec=topk_0.5_worker.error-feedback=on-staleness.dat' using 1:2 with boxes
set terminal @pngterm size 700,450
set output 'staleness-p09-worker.codec=topk_0.5_worker.error-feedback=off.png'
set title 'codec=topk:0.5 error-feedback=off' noenhanced
plot 'plots/p09-worker.codec=topk_0.5_worker.error-feedback=off-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p09-worker.codec=topk_0.5_worker.error-feedback=off.svg'
set title 'codec=topk:0.5 error-feedback=off' noenhanced
plot 'plots/p09-worker.codec=topk_0.5_worker.error-feedback=off-staleness.dat' using 1:2 with boxes
set terminal @pngterm size 700,450
set output 'staleness-p10-worker.codec=sign_worker.error-feedback=on.png'
set title 'codec=sign error-feedback=on' noenhanced
plot 'plots/p10-worker.codec=sign_worker.error-feedback=on-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p10-worker.codec=sign_worker.error-feedback=on.svg'
set title 'codec=sign error-feedback=on' noenhanced
plot 'plots/p10-worker.codec=sign_worker.error-feedback=on-staleness.dat' using 1:2 with boxes
set terminal @pngterm size 700,450
set output 'staleness-p11-worker.codec=sign_worker.error-feedback=off.png'
set title 'codec=sign error-feedback=off' noenhanced
plot 'plots/p11-worker.codec=sign_worker.error-feedback=off-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p11-worker.codec=sign_worker.error-feedback=off.svg'
set title 'codec=sign error-feedback=off' noenhanced
plot 'plots/p11-worker.codec=sign_worker.error-feedback=off-staleness.dat' using 1:2 with boxes
set terminal @pngterm size 700,450
set output 'staleness-p12-worker.codec=qsgd_2_worker.error-feedback=off.png'
set title 'codec=qsgd:2 error-feedback=off' noenhanced
plot 'plots/p12-worker.codec=qsgd_2_worker.error-feedback=off-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p12-worker.codec=qsgd_2_worker.error-feedback=off.svg'
set title 'codec=qsgd:2 error-feedback=off' noenhanced
plot 'plots/p12-worker.codec=qsgd_2_worker.error-feedback=off-staleness.dat' using 1:2 with boxes
set terminal @pngterm size 700,450
set output 'staleness-p13-worker.codec=qsgd_4_worker.error-feedback=off.png'
set title 'codec=qsgd:4 error-feedback=off' noenhanced
plot 'plots/p13-worker.codec=qsgd_4_worker.error-feedback=off-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p13-worker.codec=qsgd_4_worker.error-feedback=off.svg'
set title 'codec=qsgd:4 error-feedback=off' noenhanced
plot 'plots/p13-worker.codec=qsgd_4_worker.error-feedback=off-staleness.dat' using 1:2 with boxes
set terminal @pngterm size 700,450
set output 'staleness-p14-worker.codec=qsgd_8_worker.error-feedback=off.png'
set title 'codec=qsgd:8 error-feedback=off' noenhanced
plot 'plots/p14-worker.codec=qsgd_8_worker.error-feedback=off-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p14-worker.codec=qsgd_8_worker.error-feedback=off.svg'
set title 'codec=qsgd:8 error-feedback=off' noenhanced
plot 'plots/p14-worker.codec=qsgd_8_worker.error-feedback=off-staleness.dat' using 1:2 with boxes
set terminal @pngterm size 700,450
set output 'staleness-p15-worker.codec=qsgd_16_worker.error-feedback=off.png'
set title 'codec=qsgd:16 error-feedback=off' noenhanced
plot 'plots/p15-worker.codec=qsgd_16_worker.error-feedback=off-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p15-worker.codec=qsgd_16_worker.error-feedback=off.svg'
set title 'codec=qsgd:16 error-feedback=off' noenhanced
plot 'plots/p15-worker.codec=qsgd_16_worker.error-feedback=off-staleness.dat' using 1:2 with boxes
set terminal @pngterm size 700,450
set output 'staleness-p16-worker.codec=uniform_2_stochastic_worker.error-feedback=off.png'
set title 'codec=uniform:2:stochastic error-feedback=off' noenhanced
plot 'plots/p16-worker.codec=uniform_2_stochastic_worker.error-feedback=off-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p16-worker.codec=uniform_2_stochastic_worker.error-feedback=off.svg'
set title 'codec=uniform:2:stochastic error-feedback=off' noenhanced
plot 'plots/p16-worker.codec=uniform_2_stochastic_worker.error-feedback=off-staleness.dat' using 1:2 with boxes
set terminal @pngterm size 700,450
set output 'staleness-p17-worker.codec=uniform_4_stochastic_worker.error-feedback=off.png'
set title 'codec=uniform:4:stochastic error-feedback=off' noenhanced
plot 'plots/p17-worker.codec=uniform_4_stochastic_worker.error-feedback=off-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p17-worker.codec=uniform_4_stochastic_worker.error-feedback=off.svg'
set title 'codec=uniform:4:stochastic error-feedback=off' noenhanced
plot 'plots/p17-worker.codec=uniform_4_stochastic_worker.error-feedback=off-staleness.dat' using 1:2 with boxes
set terminal @pngterm size 700,450
set output 'staleness-p18-worker.codec=uniform_8_stochastic_worker.error-feedback=off.png'
set title 'codec=uniform:8:stochastic error-feedback=off' noenhanced
plot 'plots/p18-worker.codec=uniform_8_stochastic_worker.error-feedback=off-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p18-worker.codec=uniform_8_stochastic_worker.error-feedback=off.svg'
set title 'codec=uniform:8:stochastic error-feedback=off' noenhanced
plot 'plots/p18-worker.codec=uniform_8_stochastic_worker.error-feedback=off-staleness.dat' using 1:2 with boxes
set terminal @pngterm size 700,450
set output 'staleness-p19-worker.codec=uniform_16_stochastic_worker.error-feedback=off.png'
set title 'codec=uniform:16:stochastic error-feedback=off' noenhanced
plot 'plots/p19-worker.codec=uniform_16_stochastic_worker.error-feedback=off-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p19-worker.codec=uniform_16_stochastic_worker.error-feedback=off.svg'
set title 'codec=uniform:16:stochastic error-feedback=off' noenhanced
plot 'plots/p19-worker.codec=uniform_16_stochastic_worker.error-feedback=off-staleness.dat' using 1:2 with boxes
set terminal @pngterm size 700,450
set output 'staleness-p21-worker.codec=uniform_4_log_stochastic_worker.error-feedback=off.png'
set title 'codec=uniform:4:log:stochastic error-feedback=off' noenhanced
plot 'plots/p21-worker.codec=uniform_4_log_stochastic_worker.error-feedback=off-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p21-worker.codec=uniform_4_log_stochastic_worker.error-feedback=off.svg'
set title 'codec=uniform:4:log:stochastic error-feedback=off' noenhanced
plot 'plots/p21-worker.codec=uniform_4_log_stochastic_worker.error-feedback=off-staleness.dat' using 1:2 with boxes
set terminal @pngterm size 700,450
set output 'staleness-p22-worker.codec=uniform_8_log_stochastic_worker.error-feedback=off.png'
set title 'codec=uniform:8:log:stochastic error-feedback=off' noenhanced
plot 'plots/p22-worker.codec=uniform_8_log_stochastic_worker.error-feedback=off-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p22-worker.codec=uniform_8_log_stochastic_worker.error-feedback=off.svg'
set title 'codec=uniform:8:log:stochastic error-feedback=off' noenhanced
plot 'plots/p22-worker.codec=uniform_8_log_stochastic_worker.error-feedback=off-staleness.dat' using 1:2 with boxes
set terminal @pngterm size 700,450
set output 'staleness-p23-worker.codec=uniform_16_log_stochastic_worker.error-feedback=off.png'
set title 'codec=uniform:16:log:stochastic error-feedback=off' noenhanced
plot 'plots/p23-worker.codec=uniform_16_log_stochastic_worker.error-feedback=off-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p23-worker.codec=uniform_16_log_stochastic_worker.error-feedback=off.svg'
set title 'codec=uniform:16:log:stochastic error-feedback=off' noenhanced
plot 'plots/p23-worker.codec=uniform_16_log_stochastic_worker.error-feedback=off-staleness.dat' using 1:2 with boxes
