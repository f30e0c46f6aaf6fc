# Written by taups-sweep for /work/main/experiments/e2-weighting.ini; redraw with: cd /work/main/experiments/results/e2-weighting && gnuplot plots.gp
# Curves are each configuration's first successful seed.
set macros
pngterm = (strstrt(GPVAL_TERMINALS, 'pngcairo') > 0) ? 'pngcairo' : 'png'
set grid
set key outside below left Left reverse maxcols 2 noenhanced
set logscale y
set format y '%.0e'
set yrange [*:100]

set terminal @pngterm size 900,720
set output 'metric_vs_time.png'
set format x '%g'
set xlabel 'wall-clock time (s)'
set ylabel 'rel_err' noenhanced
plot 'plots/p01-workers=4_worker.delay=uniform_0.4_0.6_server.staleness-weight=none_lr=0.5.dat' using 1:3 with lines lw 2 title 'workers=4 delay=uniform:0.4:0.6 staleness-weight=none lr=0.5' noenhanced, \
     'plots/p02-workers=4_worker.delay=uniform_0.4_0.6_server.staleness-weight=inverse_lr=0.5.dat' using 1:3 with lines lw 2 title 'workers=4 delay=uniform:0.4:0.6 staleness-weight=inverse lr=0.5' noenhanced, \
     'plots/p03-workers=4_worker.delay=uniform_0.4_0.6_server.staleness-weight=exp_0.2_lr=0.5.dat' using 1:3 with lines lw 2 title 'workers=4 delay=uniform:0.4:0.6 staleness-weight=exp:0.2 lr=0.5' noenhanced, \
     'plots/p04-workers=4_worker.delay=uniform_0.4_0.6_server.staleness-weight=lrdiv_lr=0.5.dat' using 1:3 with lines lw 2 title 'workers=4 delay=uniform:0.4:0.6 staleness-weight=lrdiv lr=0.5' noenhanced, \
     'plots/p05-workers=4_worker.delay=uniform_0.4_0.6_server.staleness-weight=none_lr=0.0454545.dat' using 1:3 with lines lw 2 title 'workers=4 delay=uniform:0.4:0.6 staleness-weight=none lr=0.0454545' noenhanced, \
     'plots/p06-workers=4_worker.delay=pareto_1.5_0.2_server.staleness-weight=none_lr=0.5.dat' using 1:3 with lines lw 2 title 'workers=4 delay=pareto:1.5:0.2 staleness-weight=none lr=0.5' noenhanced, \
     'plots/p07-workers=4_worker.delay=pareto_1.5_0.2_server.staleness-weight=inverse_lr=0.5.dat' using 1:3 with lines lw 2 title 'workers=4 delay=pareto:1.5:0.2 staleness-weight=inverse lr=0.5' noenhanced, \
     'plots/p08-workers=4_worker.delay=pareto_1.5_0.2_server.staleness-weight=exp_0.2_lr=0.5.dat' using 1:3 with lines lw 2 title 'workers=4 delay=pareto:1.5:0.2 staleness-weight=exp:0.2 lr=0.5' noenhanced, \
     'plots/p09-workers=4_worker.delay=pareto_1.5_0.2_server.staleness-weight=lrdiv_lr=0.5.dat' using 1:3 with lines lw 2 title 'workers=4 delay=pareto:1.5:0.2 staleness-weight=lrdiv lr=0.5' noenhanced, \
     'plots/p10-workers=4_worker.delay=pareto_1.5_0.2_server.staleness-weight=none_lr=0.0454545.dat' using 1:3 with lines lw 2 title 'workers=4 delay=pareto:1.5:0.2 staleness-weight=none lr=0.0454545' noenhanced, \
     'plots/p11-workers=16_worker.delay=uniform_0.4_0.6_server.staleness-weight=none_lr=0.5.dat' using 1:3 with lines lw 2 title 'workers=16 delay=uniform:0.4:0.6 staleness-weight=none lr=0.5' noenhanced, \
     'plots/p12-workers=16_worker.delay=uniform_0.4_0.6_server.staleness-weight=inverse_lr=0.5.dat' using 1:3 with lines lw 2 title 'workers=16 delay=uniform:0.4:0.6 staleness-weight=inverse lr=0.5' noenhanced, \
     'plots/p13-workers=16_worker.delay=uniform_0.4_0.6_server.staleness-weight=exp_0.2_lr=0.5.dat' using 1:3 with lines lw 2 title 'workers=16 delay=uniform:0.4:0.6 staleness-weight=exp:0.2 lr=0.5' noenhanced, \
     'plots/p14-workers=16_worker.delay=uniform_0.4_0.6_server.staleness-weight=lrdiv_lr=0.5.dat' using 1:3 with lines lw 2 title 'workers=16 delay=uniform:0.4:0.6 staleness-weight=lrdiv lr=0.5' noenhanced, \
     'plots/p15-workers=16_worker.delay=uniform_0.4_0.6_server.staleness-weight=none_lr=0.0454545.dat' using 1:3 with lines lw 2 title 'workers=16 delay=uniform:0.4:0.6 staleness-weight=none lr=0.0454545' noenhanced, \
     'plots/p16-workers=16_worker.delay=pareto_1.5_0.2_server.staleness-weight=none_lr=0.5.dat' using 1:3 with lines lw 2 title 'workers=16 delay=pareto:1.5:0.2 staleness-weight=none lr=0.5' noenhanced, \
     'plots/p17-workers=16_worker.delay=pareto_1.5_0.2_server.staleness-weight=inverse_lr=0.5.dat' using 1:3 with lines lw 2 title 'workers=16 delay=pareto:1.5:0.2 staleness-weight=inverse lr=0.5' noenhanced, \
     'plots/p18-workers=16_worker.delay=pareto_1.5_0.2_server.staleness-weight=exp_0.2_lr=0.5.dat' using 1:3 with lines lw 2 title 'workers=16 delay=pareto:1.5:0.2 staleness-weight=exp:0.2 lr=0.5' noenhanced, \
     'plots/p19-workers=16_worker.delay=pareto_1.5_0.2_server.staleness-weight=lrdiv_lr=0.5.dat' using 1:3 with lines lw 2 title 'workers=16 delay=pareto:1.5:0.2 staleness-weight=lrdiv lr=0.5' noenhanced, \
     'plots/p20-workers=16_worker.delay=pareto_1.5_0.2_server.staleness-weight=none_lr=0.0454545.dat' using 1:3 with lines lw 2 title 'workers=16 delay=pareto:1.5:0.2 staleness-weight=none lr=0.0454545' noenhanced

set terminal svg size 900,720 dynamic
set output 'metric_vs_time.svg'
set format x '%g'
set xlabel 'wall-clock time (s)'
set ylabel 'rel_err' noenhanced
plot 'plots/p01-workers=4_worker.delay=uniform_0.4_0.6_server.staleness-weight=none_lr=0.5.dat' using 1:3 with lines lw 2 title 'workers=4 delay=uniform:0.4:0.6 staleness-weight=none lr=0.5' noenhanced, \
     'plots/p02-workers=4_worker.delay=uniform_0.4_0.6_server.staleness-weight=inverse_lr=0.5.dat' using 1:3 with lines lw 2 title 'workers=4 delay=uniform:0.4:0.6 staleness-weight=inverse lr=0.5' noenhanced, \
     'plots/p03-workers=4_worker.delay=uniform_0.4_0.6_server.staleness-weight=exp_0.2_lr=0.5.dat' using 1:3 with lines lw 2 title 'workers=4 delay=uniform:0.4:0.6 staleness-weight=exp:0.2 lr=0.5' noenhanced, \
     'plots/p04-workers=4_worker.delay=uniform_0.4_0.6_server.staleness-weight=lrdiv_lr=0.5.dat' using 1:3 with lines lw 2 title 'workers=4 delay=uniform:0.4:0.6 staleness-weight=lrdiv lr=0.5' noenhanced, \
     'plots/p05-workers=4_worker.delay=uniform_0.4_0.6_server.staleness-weight=none_lr=0.0454545.dat' using 1:3 with lines lw 2 title 'workers=4 delay=uniform:0.4:0.6 staleness-weight=none lr=0.0454545' noenhanced, \
     'plots/p06-workers=4_worker.delay=pareto_1.5_0.2_server.staleness-weight=none_lr=0.5.dat' using 1:3 with lines lw 2 title 'workers=4 delay=pareto:1.5:0.2 staleness-weight=none lr=0.5' noenhanced, \
     'plots/p07-workers=4_worker.delay=pareto_1.5_0.2_server.staleness-weight=inverse_lr=0.5.dat' using 1:3 with lines lw 2 title 'workers=4 delay=pareto:1.5:0.2 staleness-weight=inverse lr=0.5' noenhanced, \
     'plots/p08-workers=4_worker.delay=pareto_1.5_0.2_server.staleness-weight=exp_0.2_lr=0.5.dat' using 1:3 with lines lw 2 title 'workers=4 delay=pareto:1.5:0.2 staleness-weight=exp:0.2 lr=0.5' noenhanced, \
     'plots/p09-workers=4_worker.delay=pareto_1.5_0.2_server.staleness-weight=lrdiv_lr=0.5.dat' using 1:3 with lines lw 2 title 'workers=4 delay=pareto:1.5:0.2 staleness-weight=lrdiv lr=0.5' noenhanced, \
     'plots/p10-workers=4_worker.delay=pareto_1.5_0.2_server.staleness-weight=none_lr=0.0454545.dat' using 1:3 with lines lw 2 title 'workers=4 delay=pareto:1.5:0.2 staleness-weight=none lr=0.0454545' noenhanced, \
     'plots/p11-workers=16_worker.delay=uniform_0.4_0.6_server.staleness-weight=none_lr=0.5.dat' using 1:3 with lines lw 2 title 'workers=16 delay=uniform:0.4:0.6 staleness-weight=none lr=0.5' noenhanced, \
     'plots/p12-workers=16_worker.delay=uniform_0.4_0.6_server.staleness-weight=inverse_lr=0.5.dat' using 1:3 with lines lw 2 title 'workers=16 delay=uniform:0.4:0.6 staleness-weight=inverse lr=0.5' noenhanced, \
     'plots/p13-workers=16_worker.delay=uniform_0.4_0.6_server.staleness-weight=exp_0.2_lr=0.5.dat' using 1:3 with lines lw 2 title 'workers=16 delay=uniform:0.4:0.6 staleness-weight=exp:0.2 lr=0.5' noenhanced, \
     'plots/p14-workers=16_worker.delay=uniform_0.4_0.6_server.staleness-weight=lrdiv_lr=0.5.dat' using 1:3 with lines lw 2 title 'workers=16 delay=uniform:0.4:0.6 staleness-weight=lrdiv lr=0.5' noenhanced, \
     'plots/p15-workers=16_worker.delay=uniform_0.4_0.6_server.staleness-weight=none_lr=0.0454545.dat' using 1:3 with lines lw 2 title 'workers=16 delay=uniform:0.4:0.6 staleness-weight=none lr=0.0454545' noenhanced, \
     'plots/p16-workers=16_worker.delay=pareto_1.5_0.2_server.staleness-weight=none_lr=0.5.dat' using 1:3 with lines lw 2 title 'workers=16 delay=pareto:1.5:0.2 staleness-weight=none lr=0.5' noenhanced, \
     'plots/p17-workers=16_worker.delay=pareto_1.5_0.2_server.staleness-weight=inverse_lr=0.5.dat' using 1:3 with lines lw 2 title 'workers=16 delay=pareto:1.5:0.2 staleness-weight=inverse lr=0.5' noenhanced, \
     'plots/p18-workers=16_worker.delay=pareto_1.5_0.2_server.staleness-weight=exp_0.2_lr=0.5.dat' using 1:3 with lines lw 2 title 'workers=16 delay=pareto:1.5:0.2 staleness-weight=exp:0.2 lr=0.5' noenhanced, \
     'plots/p19-workers=16_worker.delay=pareto_1.5_0.2_server.staleness-weight=lrdiv_lr=0.5.dat' using 1:3 with lines lw 2 title 'workers=16 delay=pareto:1.5:0.2 staleness-weight=lrdiv lr=0.5' noenhanced, \
     'plots/p20-workers=16_worker.delay=pareto_1.5_0.2_server.staleness-weight=none_lr=0.0454545.dat' using 1:3 with lines lw 2 title 'workers=16 delay=pareto:1.5:0.2 staleness-weight=none lr=0.0454545' noenhanced

set terminal @pngterm size 900,720
set output 'metric_vs_updates.png'
set format x '%.1s%c'
set xlabel 'updates applied'
set ylabel 'rel_err' noenhanced
plot 'plots/p01-workers=4_worker.delay=uniform_0.4_0.6_server.staleness-weight=none_lr=0.5.dat' using 2:3 with lines lw 2 title 'workers=4 delay=uniform:0.4:0.6 staleness-weight=none lr=0.5' noenhanced, \
     'plots/p02-workers=4_worker.delay=uniform_0.4_0.6_server.staleness-weight=inverse_lr=0.5.dat' using 2:3 with lines lw 2 title 'workers=4 delay=uniform:0.4:0.6 staleness-weight=inverse lr=0.5' noenhanced, \
     'plots/p03-workers=4_worker.delay=uniform_0.4_0.6_server.staleness-weight=exp_0.2_lr=0.5.dat' using 2:3 with lines lw 2 title 'workers=4 delay=uniform:0.4:0.6 staleness-weight=exp:0.2 lr=0.5' noenhanced, \
     'plots/p04-workers=4_worker.delay=uniform_0.4_0.6_server.staleness-weight=lrdiv_lr=0.5.dat' using 2:3 with lines lw 2 title 'workers=4 delay=uniform:0.4:0.6 staleness-weight=lrdiv lr=0.5' noenhanced, \
     'plots/p05-workers=4_worker.delay=uniform_0.4_0.6_server.staleness-weight=none_lr=0.0454545.dat' using 2:3 with lines lw 2 title 'workers=4 delay=uniform:0.4:0.6 staleness-weight=none lr=0.0454545' noenhanced, \
     'plots/p06-workers=4_worker.delay=pareto_1.5_0.2_server.staleness-weight=none_lr=0.5.dat' using 2:3 with lines lw 2 title 'workers=4 delay=pareto:1.5:0.2 staleness-weight=none lr=0.5' noenhanced, \
     'plots/p07-workers=4_worker.delay=pareto_1.5_0.2_server.staleness-weight=inverse_lr=0.5.dat' using 2:3 with lines lw 2 title 'workers=4 delay=pareto:1.5:0.2 staleness-weight=inverse lr=0.5' noenhanced, \
     'plots/p08-workers=4_worker.delay=pareto_1.5_0.2_server.staleness-weight=exp_0.2_lr=0.5.dat' using 2:3 with lines lw 2 title 'workers=4 delay=pareto:1.5:0.2 staleness-weight=exp:0.2 lr=0.5' noenhanced, \
     'plots/p09-workers=4_worker.delay=pareto_1.5_0.2_server.staleness-weight=lrdiv_lr=0.5.dat' using 2:3 with lines lw 2 title 'workers=4 delay=pareto:1.5:0.2 staleness-weight=lrdiv lr=0.5' noenhanced, \
     'plots/p10-workers=4_worker.delay=pareto_1.5_0.2_server.staleness-weight=none_lr=0.0454545.dat' using 2:3 with lines lw 2 title 'workers=4 delay=pareto:1.5:0.2 staleness-weight=none lr=0.0454545' noenhanced, \
     'plots/p11-workers=16_worker.delay=uniform_0.4_0.6_server.staleness-weight=none_lr=0.5.dat' using 2:3 with lines lw 2 title 'workers=16 delay=uniform:0.4:0.6 staleness-weight=none lr=0.5' noenhanced, \
     'plots/p12-workers=16_worker.delay=uniform_0.4_0.6_server.staleness-weight=inverse_lr=0.5.dat' using 2:3 with lines lw 2 title 'workers=16 delay=uniform:0.4:0.6 staleness-weight=inverse lr=0.5' noenhanced, \
     'plots/p13-workers=16_worker.delay=uniform_0.4_0.6_server.staleness-weight=exp_0.2_lr=0.5.dat' using 2:3 with lines lw 2 title 'workers=16 delay=uniform:0.4:0.6 staleness-weight=exp:0.2 lr=0.5' noenhanced, \
     'plots/p14-workers=16_worker.delay=uniform_0.4_0.6_server.staleness-weight=lrdiv_lr=0.5.dat' using 2:3 with lines lw 2 title 'workers=16 delay=uniform:0.4:0.6 staleness-weight=lrdiv lr=0.5' noenhanced, \
     'plots/p15-workers=16_worker.delay=uniform_0.4_0.6_server.staleness-weight=none_lr=0.0454545.dat' using 2:3 with lines lw 2 title 'workers=16 delay=uniform:0.4:0.6 staleness-weight=none lr=0.0454545' noenhanced, \
     'plots/p16-workers=16_worker.delay=pareto_1.5_0.2_server.staleness-weight=none_lr=0.5.dat' using 2:3 with lines lw 2 title 'workers=16 delay=pareto:1.5:0.2 staleness-weight=none lr=0.5' noenhanced, \
     'plots/p17-workers=16_worker.delay=pareto_1.5_0.2_server.staleness-weight=inverse_lr=0.5.dat' using 2:3 with lines lw 2 title 'workers=16 delay=pareto:1.5:0.2 staleness-weight=inverse lr=0.5' noenhanced, \
     'plots/p18-workers=16_worker.delay=pareto_1.5_0.2_server.staleness-weight=exp_0.2_lr=0.5.dat' using 2:3 with lines lw 2 title 'workers=16 delay=pareto:1.5:0.2 staleness-weight=exp:0.2 lr=0.5' noenhanced, \
     'plots/p19-workers=16_worker.delay=pareto_1.5_0.2_server.staleness-weight=lrdiv_lr=0.5.dat' using 2:3 with lines lw 2 title 'workers=16 delay=pareto:1.5:0.2 staleness-weight=lrdiv lr=0.5' noenhanced, \
     'plots/p20-workers=16_worker.delay=pareto_1.5_0.2_server.staleness-weight=none_lr=0.0454545.dat' using 2:3 with lines lw 2 title 'workers=16 delay=pareto:1.5:0.2 staleness-weight=none lr=0.0454545' noenhanced

set terminal svg size 900,720 dynamic
set output 'metric_vs_updates.svg'
set format x '%.1s%c'
set xlabel 'updates applied'
set ylabel 'rel_err' noenhanced
plot 'plots/p01-workers=4_worker.delay=uniform_0.4_0.6_server.staleness-weight=none_lr=0.5.dat' using 2:3 with lines lw 2 title 'workers=4 delay=uniform:0.4:0.6 staleness-weight=none lr=0.5' noenhanced, \
     'plots/p02-workers=4_worker.delay=uniform_0.4_0.6_server.staleness-weight=inverse_lr=0.5.dat' using 2:3 with lines lw 2 title 'workers=4 delay=uniform:0.4:0.6 staleness-weight=inverse lr=0.5' noenhanced, \
     'plots/p03-workers=4_worker.delay=uniform_0.4_0.6_server.staleness-weight=exp_0.2_lr=0.5.dat' using 2:3 with lines lw 2 title 'workers=4 delay=uniform:0.4:0.6 staleness-weight=exp:0.2 lr=0.5' noenhanced, \
     'plots/p04-workers=4_worker.delay=uniform_0.4_0.6_server.staleness-weight=lrdiv_lr=0.5.dat' using 2:3 with lines lw 2 title 'workers=4 delay=uniform:0.4:0.6 staleness-weight=lrdiv lr=0.5' noenhanced, \
     'plots/p05-workers=4_worker.delay=uniform_0.4_0.6_server.staleness-weight=none_lr=0.0454545.dat' using 2:3 with lines lw 2 title 'workers=4 delay=uniform:0.4:0.6 staleness-weight=none lr=0.0454545' noenhanced, \
     'plots/p06-workers=4_worker.delay=pareto_1.5_0.2_server.staleness-weight=none_lr=0.5.dat' using 2:3 with lines lw 2 title 'workers=4 delay=pareto:1.5:0.2 staleness-weight=none lr=0.5' noenhanced, \
     'plots/p07-workers=4_worker.delay=pareto_1.5_0.2_server.staleness-weight=inverse_lr=0.5.dat' using 2:3 with lines lw 2 title 'workers=4 delay=pareto:1.5:0.2 staleness-weight=inverse lr=0.5' noenhanced, \
     'plots/p08-workers=4_worker.delay=pareto_1.5_0.2_server.staleness-weight=exp_0.2_lr=0.5.dat' using 2:3 with lines lw 2 title 'workers=4 delay=pareto:1.5:0.2 staleness-weight=exp:0.2 lr=0.5' noenhanced, \
     'plots/p09-workers=4_worker.delay=pareto_1.5_0.2_server.staleness-weight=lrdiv_lr=0.5.dat' using 2:3 with lines lw 2 title 'workers=4 delay=pareto:1.5:0.2 staleness-weight=lrdiv lr=0.5' noenhanced, \
     'plots/p10-workers=4_worker.delay=pareto_1.5_0.2_server.staleness-weight=none_lr=0.0454545.dat' using 2:3 with lines lw 2 title 'workers=4 delay=pareto:1.5:0.2 staleness-weight=none lr=0.0454545' noenhanced, \
     'plots/p11-workers=16_worker.delay=uniform_0.4_0.6_server.staleness-weight=none_lr=0.5.dat' using 2:3 with lines lw 2 title 'workers=16 delay=uniform:0.4:0.6 staleness-weight=none lr=0.5' noenhanced, \
     'plots/p12-workers=16_worker.delay=uniform_0.4_0.6_server.staleness-weight=inverse_lr=0.5.dat' using 2:3 with lines lw 2 title 'workers=16 delay=uniform:0.4:0.6 staleness-weight=inverse lr=0.5' noenhanced, \
     'plots/p13-workers=16_worker.delay=uniform_0.4_0.6_server.staleness-weight=exp_0.2_lr=0.5.dat' using 2:3 with lines lw 2 title 'workers=16 delay=uniform:0.4:0.6 staleness-weight=exp:0.2 lr=0.5' noenhanced, \
     'plots/p14-workers=16_worker.delay=uniform_0.4_0.6_server.staleness-weight=lrdiv_lr=0.5.dat' using 2:3 with lines lw 2 title 'workers=16 delay=uniform:0.4:0.6 staleness-weight=lrdiv lr=0.5' noenhanced, \
     'plots/p15-workers=16_worker.delay=uniform_0.4_0.6_server.staleness-weight=none_lr=0.0454545.dat' using 2:3 with lines lw 2 title 'workers=16 delay=uniform:0.4:0.6 staleness-weight=none lr=0.0454545' noenhanced, \
     'plots/p16-workers=16_worker.delay=pareto_1.5_0.2_server.staleness-weight=none_lr=0.5.dat' using 2:3 with lines lw 2 title 'workers=16 delay=pareto:1.5:0.2 staleness-weight=none lr=0.5' noenhanced, \
     'plots/p17-workers=16_worker.delay=pareto_1.5_0.2_server.staleness-weight=inverse_lr=0.5.dat' using 2:3 with lines lw 2 title 'workers=16 delay=pareto:1.5:0.2 staleness-weight=inverse lr=0.5' noenhanced, \
     'plots/p18-workers=16_worker.delay=pareto_1.5_0.2_server.staleness-weight=exp_0.2_lr=0.5.dat' using 2:3 with lines lw 2 title 'workers=16 delay=pareto:1.5:0.2 staleness-weight=exp:0.2 lr=0.5' noenhanced, \
     'plots/p19-workers=16_worker.delay=pareto_1.5_0.2_server.staleness-weight=lrdiv_lr=0.5.dat' using 2:3 with lines lw 2 title 'workers=16 delay=pareto:1.5:0.2 staleness-weight=lrdiv lr=0.5' noenhanced, \
     'plots/p20-workers=16_worker.delay=pareto_1.5_0.2_server.staleness-weight=none_lr=0.0454545.dat' using 2:3 with lines lw 2 title 'workers=16 delay=pareto:1.5:0.2 staleness-weight=none lr=0.0454545' noenhanced

set terminal @pngterm size 900,720
set output 'metric_vs_bytes.png'
set format x '%.1s%c'
set xlabel 'bytes on the wire (all workers)'
set ylabel 'rel_err' noenhanced
plot 'plots/p01-workers=4_worker.delay=uniform_0.4_0.6_server.staleness-weight=none_lr=0.5.dat' using 4:3 with lines lw 2 title 'workers=4 delay=uniform:0.4:0.6 staleness-weight=none lr=0.5' noenhanced, \
     'plots/p02-workers=4_worker.delay=uniform_0.4_0.6_server.staleness-weight=inverse_lr=0.5.dat' using 4:3 with lines lw 2 title 'workers=4 delay=uniform:0.4:0.6 staleness-weight=inverse lr=0.5' noenhanced, \
     'plots/p03-workers=4_worker.delay=uniform_0.4_0.6_server.staleness-weight=exp_0.2_lr=0.5.dat' using 4:3 with lines lw 2 title 'workers=4 delay=uniform:0.4:0.6 staleness-weight=exp:0.2 lr=0.5' noenhanced, \
     'plots/p04-workers=4_worker.delay=uniform_0.4_0.6_server.staleness-weight=lrdiv_lr=0.5.dat' using 4:3 with lines lw 2 title 'workers=4 delay=uniform:0.4:0.6 staleness-weight=lrdiv lr=0.5' noenhanced, \
     'plots/p05-workers=4_worker.delay=uniform_0.4_0.6_server.staleness-weight=none_lr=0.0454545.dat' using 4:3 with lines lw 2 title 'workers=4 delay=uniform:0.4:0.6 staleness-weight=none lr=0.0454545' noenhanced, \
     'plots/p06-workers=4_worker.delay=pareto_1.5_0.2_server.staleness-weight=none_lr=0.5.dat' using 4:3 with lines lw 2 title 'workers=4 delay=pareto:1.5:0.2 staleness-weight=none lr=0.5' noenhanced, \
     'plots/p07-workers=4_worker.delay=pareto_1.5_0.2_server.staleness-weight=inverse_lr=0.5.dat' using 4:3 with lines lw 2 title 'workers=4 delay=pareto:1.5:0.2 staleness-weight=inverse lr=0.5' noenhanced, \
     'plots/p08-workers=4_worker.delay=pareto_1.5_0.2_server.staleness-weight=exp_0.2_lr=0.5.dat' using 4:3 with lines lw 2 title 'workers=4 delay=pareto:1.5:0.2 staleness-weight=exp:0.2 lr=0.5' noenhanced, \
     'plots/p09-workers=4_worker.delay=pareto_1.5_0.2_server.staleness-weight=lrdiv_lr=0.5.dat' using 4:3 with lines lw 2 title 'workers=4 delay=pareto:1.5:0.2 staleness-weight=lrdiv lr=0.5' noenhanced, \
     'plots/p10-workers=4_worker.delay=pareto_1.5_0.2_server.staleness-weight=none_lr=0.0454545.dat' using 4:3 with lines lw 2 title 'workers=4 delay=pareto:1.5:0.2 staleness-weight=none lr=0.0454545' noenhanced, \
     'plots/p11-workers=16_worker.delay=uniform_0.4_0.6_server.staleness-weight=none_lr=0.5.dat' using 4:3 with lines lw 2 title 'workers=16 delay=uniform:0.4:0.6 staleness-weight=none lr=0.5' noenhanced, \
     'plots/p12-workers=16_worker.delay=uniform_0.4_0.6_server.staleness-weight=inverse_lr=0.5.dat' using 4:3 with lines lw 2 title 'workers=16 delay=uniform:0.4:0.6 staleness-weight=inverse lr=0.5' noenhanced, \
     'plots/p13-workers=16_worker.delay=uniform_0.4_0.6_server.staleness-weight=exp_0.2_lr=0.5.dat' using 4:3 with lines lw 2 title 'workers=16 delay=uniform:0.4:0.6 staleness-weight=exp:0.2 lr=0.5' noenhanced, \
     'plots/p14-workers=16_worker.delay=uniform_0.4_0.6_server.staleness-weight=lrdiv_lr=0.5.dat' using 4:3 with lines lw 2 title 'workers=16 delay=uniform:0.4:0.6 staleness-weight=lrdiv lr=0.5' noenhanced, \
     'plots/p15-workers=16_worker.delay=uniform_0.4_0.6_server.staleness-weight=none_lr=0.0454545.dat' using 4:3 with lines lw 2 title 'workers=16 delay=uniform:0.4:0.6 staleness-weight=none lr=0.0454545' noenhanced, \
     'plots/p16-workers=16_worker.delay=pareto_1.5_0.2_server.staleness-weight=none_lr=0.5.dat' using 4:3 with lines lw 2 title 'workers=16 delay=pareto:1.5:0.2 staleness-weight=none lr=0.5' noenhanced, \
     'plots/p17-workers=16_worker.delay=pareto_1.5_0.2_server.staleness-weight=inverse_lr=0.5.dat' using 4:3 with lines lw 2 title 'workers=16 delay=pareto:1.5:0.2 staleness-weight=inverse lr=0.5' noenhanced, \
     'plots/p18-workers=16_worker.delay=pareto_1.5_0.2_server.staleness-weight=exp_0.2_lr=0.5.dat' using 4:3 with lines lw 2 title 'workers=16 delay=pareto:1.5:0.2 staleness-weight=exp:0.2 lr=0.5' noenhanced, \
     'plots/p19-workers=16_worker.delay=pareto_1.5_0.2_server.staleness-weight=lrdiv_lr=0.5.dat' using 4:3 with lines lw 2 title 'workers=16 delay=pareto:1.5:0.2 staleness-weight=lrdiv lr=0.5' noenhanced, \
     'plots/p20-workers=16_worker.delay=pareto_1.5_0.2_server.staleness-weight=none_lr=0.0454545.dat' using 4:3 with lines lw 2 title 'workers=16 delay=pareto:1.5:0.2 staleness-weight=none lr=0.0454545' noenhanced

set terminal svg size 900,720 dynamic
set output 'metric_vs_bytes.svg'
set format x '%.1s%c'
set xlabel 'bytes on the wire (all workers)'
set ylabel 'rel_err' noenhanced
plot 'plots/p01-workers=4_worker.delay=uniform_0.4_0.6_server.staleness-weight=none_lr=0.5.dat' using 4:3 with lines lw 2 title 'workers=4 delay=uniform:0.4:0.6 staleness-weight=none lr=0.5' noenhanced, \
     'plots/p02-workers=4_worker.delay=uniform_0.4_0.6_server.staleness-weight=inverse_lr=0.5.dat' using 4:3 with lines lw 2 title 'workers=4 delay=uniform:0.4:0.6 staleness-weight=inverse lr=0.5' noenhanced, \
     'plots/p03-workers=4_worker.delay=uniform_0.4_0.6_server.staleness-weight=exp_0.2_lr=0.5.dat' using 4:3 with lines lw 2 title 'workers=4 delay=uniform:0.4:0.6 staleness-weight=exp:0.2 lr=0.5' noenhanced, \
     'plots/p04-workers=4_worker.delay=uniform_0.4_0.6_server.staleness-weight=lrdiv_lr=0.5.dat' using 4:3 with lines lw 2 title 'workers=4 delay=uniform:0.4:0.6 staleness-weight=lrdiv lr=0.5' noenhanced, \
     'plots/p05-workers=4_worker.delay=uniform_0.4_0.6_server.staleness-weight=none_lr=0.0454545.dat' using 4:3 with lines lw 2 title 'workers=4 delay=uniform:0.4:0.6 staleness-weight=none lr=0.0454545' noenhanced, \
     'plots/p06-workers=4_worker.delay=pareto_1.5_0.2_server.staleness-weight=none_lr=0.5.dat' using 4:3 with lines lw 2 title 'workers=4 delay=pareto:1.5:0.2 staleness-weight=none lr=0.5' noenhanced, \
     'plots/p07-workers=4_worker.delay=pareto_1.5_0.2_server.staleness-weight=inverse_lr=0.5.dat' using 4:3 with lines lw 2 title 'workers=4 delay=pareto:1.5:0.2 staleness-weight=inverse lr=0.5' noenhanced, \
     'plots/p08-workers=4_worker.delay=pareto_1.5_0.2_server.staleness-weight=exp_0.2_lr=0.5.dat' using 4:3 with lines lw 2 title 'workers=4 delay=pareto:1.5:0.2 staleness-weight=exp:0.2 lr=0.5' noenhanced, \
     'plots/p09-workers=4_worker.delay=pareto_1.5_0.2_server.staleness-weight=lrdiv_lr=0.5.dat' using 4:3 with lines lw 2 title 'workers=4 delay=pareto:1.5:0.2 staleness-weight=lrdiv lr=0.5' noenhanced, \
     'plots/p10-workers=4_worker.delay=pareto_1.5_0.2_server.staleness-weight=none_lr=0.0454545.dat' using 4:3 with lines lw 2 title 'workers=4 delay=pareto:1.5:0.2 staleness-weight=none lr=0.0454545' noenhanced, \
     'plots/p11-workers=16_worker.delay=uniform_0.4_0.6_server.staleness-weight=none_lr=0.5.dat' using 4:3 with lines lw 2 title 'workers=16 delay=uniform:0.4:0.6 staleness-weight=none lr=0.5' noenhanced, \
     'plots/p12-workers=16_worker.delay=uniform_0.4_0.6_server.staleness-weight=inverse_lr=0.5.dat' using 4:3 with lines lw 2 title 'workers=16 delay=uniform:0.4:0.6 staleness-weight=inverse lr=0.5' noenhanced, \
     'plots/p13-workers=16_worker.delay=uniform_0.4_0.6_server.staleness-weight=exp_0.2_lr=0.5.dat' using 4:3 with lines lw 2 title 'workers=16 delay=uniform:0.4:0.6 staleness-weight=exp:0.2 lr=0.5' noenhanced, \
     'plots/p14-workers=16_worker.delay=uniform_0.4_0.6_server.staleness-weight=lrdiv_lr=0.5.dat' using 4:3 with lines lw 2 title 'workers=16 delay=uniform:0.4:0.6 staleness-weight=lrdiv lr=0.5' noenhanced, \
     'plots/p15-workers=16_worker.delay=uniform_0.4_0.6_server.staleness-weight=none_lr=0.0454545.dat' using 4:3 with lines lw 2 title 'workers=16 delay=uniform:0.4:0.6 staleness-weight=none lr=0.0454545' noenhanced, \
     'plots/p16-workers=16_worker.delay=pareto_1.5_0.2_server.staleness-weight=none_lr=0.5.dat' using 4:3 with lines lw 2 title 'workers=16 delay=pareto:1.5:0.2 staleness-weight=none lr=0.5' noenhanced, \
     'plots/p17-workers=16_worker.delay=pareto_1.5_0.2_server.staleness-weight=inverse_lr=0.5.dat' using 4:3 with lines lw 2 title 'workers=16 delay=pareto:1.5:0.2 staleness-weight=inverse lr=0.5' noenhanced, \
     'plots/p18-workers=16_worker.delay=pareto_1.5_0.2_server.staleness-weight=exp_0.2_lr=0.5.dat' using 4:3 with lines lw 2 title 'workers=16 delay=pareto:1.5:0.2 staleness-weight=exp:0.2 lr=0.5' noenhanced, \
     'plots/p19-workers=16_worker.delay=pareto_1.5_0.2_server.staleness-weight=lrdiv_lr=0.5.dat' using 4:3 with lines lw 2 title 'workers=16 delay=pareto:1.5:0.2 staleness-weight=lrdiv lr=0.5' noenhanced, \
     'plots/p20-workers=16_worker.delay=pareto_1.5_0.2_server.staleness-weight=none_lr=0.0454545.dat' using 4:3 with lines lw 2 title 'workers=16 delay=pareto:1.5:0.2 staleness-weight=none lr=0.0454545' noenhanced

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
set output 'staleness-p01-workers=4_worker.delay=uniform_0.4_0.6_server.staleness-weight=none_lr=0.5.png'
set title 'workers=4 delay=uniform:0.4:0.6 staleness-weight=none lr=0.5' noenhanced
plot 'plots/p01-workers=4_worker.delay=uniform_0.4_0.6_server.staleness-weight=none_lr=0.5-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p01-workers=4_worker.delay=uniform_0.4_0.6_server.staleness-weight=none_lr=0.5.svg'
set title 'workers=4 delay=uniform:0.4:0.6 staleness-weight=none lr=0.5' noenhanced
plot 'plots/p01-workers=4_worker.delay=uniform_0.4_0.6_server.staleness-weight=none_lr=0.5-staleness.dat' using 1:2 with boxes
set terminal @pngterm size 700,450
set output 'staleness-p02-workers=4_worker.delay=uniform_0.4_0.6_server.staleness-weight=inverse_lr=0.5.png'
set title 'workers=4 delay=uniform:0.4:0.6 staleness-weight=inverse lr=0.5' noenhanced
plot 'plots/p02-workers=4_worker.delay=uniform_0.4_0.6_server.staleness-weight=inverse_lr=0.5-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p02-workers=4_worker.delay=uniform_0.4_0.6_server.staleness-weight=inverse_lr=0.5.svg'
set title 'workers=4 delay=uniform:0.4:0.6 staleness-weight=inverse lr=0.5' noenhanced
plot 'plots/p02-workers=4_worker.delay=uniform_0.4_0.6_server.staleness-weight=inverse_lr=0.5-staleness.dat' using 1:2 with boxes
set terminal @pngterm size 700,450
set output 'staleness-p03-workers=4_worker.delay=uniform_0.4_0.6_server.staleness-weight=exp_0.2_lr=0.5.png'
set title 'workers=4 delay=uniform:0.4:0.6 staleness-weight=exp:0.2 lr=0.5' noenhanced
plot 'plots/p03-workers=4_worker.delay=uniform_0.4_0.6_server.staleness-weight=exp_0.2_lr=0.5-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p03-workers=4_worker.delay=uniform_0.4_0.6_server.staleness-weight=exp_0.2_lr=0.5.svg'
set title 'workers=4 delay=uniform:0.4:0.6 staleness-weight=exp:0.2 lr=0.5' noenhanced
plot 'plots/p03-workers=4_worker.delay=uniform_0.4_0.6_server.staleness-weight=exp_0.2_lr=0.5-staleness.dat' using 1:2 with boxes
set terminal @pngterm size 700,450
set output 'staleness-p04-workers=4_worker.delay=uniform_0.4_0.6_server.staleness-weight=lrdiv_lr=0.5.png'
set title 'workers=4 delay=uniform:0.4:0.6 staleness-weight=lrdiv lr=0.5' noenhanced
plot 'plots/p04-workers=4_worker.delay=uniform_0.4_0.6_server.staleness-weight=lrdiv_lr=0.5-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p04-workers=4_worker.delay=uniform_0.4_0.6_server.staleness-weight=lrdiv_lr=0.5.svg'
set title 'workers=4 delay=uniform:0.4:0.6 staleness-weight=lrdiv lr=0.5' noenhanced
plot 'plots/p04-workers=4_worker.delay=uniform_0.4_0.6_server.staleness-weight=lrdiv_lr=0.5-staleness.dat' using 1:2 with boxes
set terminal @pngterm size 700,450
set output 'staleness-p05-workers=4_worker.delay=uniform_0.4_0.6_server.staleness-weight=none_lr=0.0454545.png'
set title 'workers=4 delay=uniform:0.4:0.6 staleness-weight=none lr=0.0454545' noenhanced
plot 'plots/p05-workers=4_worker.delay=uniform_0.4_0.6_server.staleness-weight=none_lr=0.0454545-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p05-workers=4_worker.delay=uniform_0.4_0.6_server.staleness-weight=none_lr=0.0454545.svg'
set title 'workers=4 delay=uniform:0.4:0.6 staleness-weight=none lr=0.0454545' noenhanced
plot 'plots/p05-workers=4_worker.delay=uniform_0.4_0.6_server.staleness-weight=none_lr=0.0454545-staleness.dat' using 1:2 with boxes
set terminal @pngterm size 700,450
set output 'staleness-p06-workers=4_worker.delay=pareto_1.5_0.2_server.staleness-weight=none_lr=0.5.png'
set title 'workers=4 delay=pareto:1.5:0.2 staleness-weight=none lr=0.5' noenhanced
plot 'plots/p06-workers=4_worker.delay=pareto_1.5_0.2_server.staleness-weight=none_lr=0.5-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p06-workers=4_worker.delay=pareto_1.5_0.2_server.staleness-weight=none_lr=0.5.svg'
set title 'workers=4 delay=pareto:1.5:0.2 staleness-weight=none lr=0.5' noenhanced
plot 'plots/p06-workers=4_worker.delay=pareto_1.5_0.2_server.staleness-weight=none_lr=0.5-staleness.dat' using 1:2 with boxes
set terminal @pngterm size 700,450
set output 'staleness-p07-workers=4_worker.delay=pareto_1.5_0.2_server.staleness-weight=inverse_lr=0.5.png'
set title 'workers=4 delay=pareto:1.5:0.2 staleness-weight=inverse lr=0.5' noenhanced
plot 'plots/p07-workers=4_worker.delay=pareto_1.5_0.2_server.staleness-weight=inverse_lr=0.5-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p07-workers=4_worker.delay=pareto_1.5_0.2_server.staleness-weight=inverse_lr=0.5.svg'
set title 'workers=4 delay=pareto:1.5:0.2 staleness-weight=inverse lr=0.5' noenhanced
plot 'plots/p07-workers=4_worker.delay=pareto_1.5_0.2_server.staleness-weight=inverse_lr=0.5-staleness.dat' using 1:2 with boxes
set terminal @pngterm size 700,450
set output 'staleness-p08-workers=4_worker.delay=pareto_1.5_0.2_server.staleness-weight=exp_0.2_lr=0.5.png'
set title 'workers=4 delay=pareto:1.5:0.2 staleness-weight=exp:0.2 lr=0.5' noenhanced
plot 'plots/p08-workers=4_worker.delay=pareto_1.5_0.2_server.staleness-weight=exp_0.2_lr=0.5-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p08-workers=4_worker.delay=pareto_1.5_0.2_server.staleness-weight=exp_0.2_lr=0.5.svg'
set title 'workers=4 delay=pareto:1.5:0.2 staleness-weight=exp:0.2 lr=0.5' noenhanced
plot 'plots/p08-workers=4_worker.delay=pareto_1.5_0.2_server.staleness-weight=exp_0.2_lr=0.5-staleness.dat' using 1:2 with boxes
set terminal @pngterm size 700,450
set output 'staleness-p09-workers=4_worker.delay=pareto_1.5_0.2_server.staleness-weight=lrdiv_lr=0.5.png'
set title 'workers=4 delay=pareto:1.5:0.2 staleness-weight=lrdiv lr=0.5' noenhanced
plot 'plots/p09-workers=4_worker.delay=pareto_1.5_0.2_server.staleness-weight=lrdiv_lr=0.5-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p09-workers=4_worker.delay=pareto_1.5_0.2_server.staleness-weight=lrdiv_lr=0.5.svg'
set title 'workers=4 delay=pareto:1.5:0.2 staleness-weight=lrdiv lr=0.5' noenhanced
plot 'plots/p09-workers=4_worker.delay=pareto_1.5_0.2_server.staleness-weight=lrdiv_lr=0.5-staleness.dat' using 1:2 with boxes
set terminal @pngterm size 700,450
set output 'staleness-p10-workers=4_worker.delay=pareto_1.5_0.2_server.staleness-weight=none_lr=0.0454545.png'
set title 'workers=4 delay=pareto:1.5:0.2 staleness-weight=none lr=0.0454545' noenhanced
plot 'plots/p10-workers=4_worker.delay=pareto_1.5_0.2_server.staleness-weight=none_lr=0.0454545-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p10-workers=4_worker.delay=pareto_1.5_0.2_server.staleness-weight=none_lr=0.0454545.svg'
set title 'workers=4 delay=pareto:1.5:0.2 staleness-weight=none lr=0.0454545' noenhanced
plot 'plots/p10-workers=4_worker.delay=pareto_1.5_0.2_server.staleness-weight=none_lr=0.0454545-staleness.dat' using 1:2 with boxes
set terminal @pngterm size 700,450
set output 'staleness-p11-workers=16_worker.delay=uniform_0.4_0.6_server.staleness-weight=none_lr=0.5.png'
set title 'workers=16 delay=uniform:0.4:0.6 staleness-weight=none lr=0.5' noenhanced
plot 'plots/p11-workers=16_worker.delay=uniform_0.4_0.6_server.staleness-weight=none_lr=0.5-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p11-workers=16_worker.delay=uniform_0.4_0.6_server.staleness-weight=none_lr=0.5.svg'
set title 'workers=16 delay=uniform:0.4:0.6 staleness-weight=none lr=0.5' noenhanced
plot 'plots/p11-workers=16_worker.delay=uniform_0.4_0.6_server.staleness-weight=none_lr=0.5-staleness.dat' using 1:2 with boxes
set terminal @pngterm size 700,450
set output 'staleness-p12-workers=16_worker.delay=uniform_0.4_0.6_server.staleness-weight=inverse_lr=0.5.png'
set title 'workers=16 delay=uniform:0.4:0.6 staleness-weight=inverse lr=0.5' noenhanced
plot 'plots/p12-workers=16_worker.delay=uniform_0.4_0.6_server.staleness-weight=inverse_lr=0.5-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p12-workers=16_worker.delay=uniform_0.4_0.6_server.staleness-weight=inverse_lr=0.5.svg'
set title 'workers=16 delay=uniform:0.4:0.6 staleness-weight=inverse lr=0.5' noenhanced
plot 'plots/p12-workers=16_worker.delay=uniform_0.4_0.6_server.staleness-weight=inverse_lr=0.5-staleness.dat' using 1:2 with boxes
set terminal @pngterm size 700,450
set output 'staleness-p13-workers=16_worker.delay=uniform_0.4_0.6_server.staleness-weight=exp_0.2_lr=0.5.png'
set title 'workers=16 delay=uniform:0.4:0.6 staleness-weight=exp:0.2 lr=0.5' noenhanced
plot 'plots/p13-workers=16_worker.delay=uniform_0.4_0.6_server.staleness-weight=exp_0.2_lr=0.5-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p13-workers=16_worker.delay=uniform_0.4_0.6_server.staleness-weight=exp_0.2_lr=0.5.svg'
set title 'workers=16 delay=uniform:0.4:0.6 staleness-weight=exp:0.2 lr=0.5' noenhanced
plot 'plots/p13-workers=16_worker.delay=uniform_0.4_0.6_server.staleness-weight=exp_0.2_lr=0.5-staleness.dat' using 1:2 with boxes
set terminal @pngterm size 700,450
set output 'staleness-p14-workers=16_worker.delay=uniform_0.4_0.6_server.staleness-weight=lrdiv_lr=0.5.png'
set title 'workers=16 delay=uniform:0.4:0.6 staleness-weight=lrdiv lr=0.5' noenhanced
plot 'plots/p14-workers=16_worker.delay=uniform_0.4_0.6_server.staleness-weight=lrdiv_lr=0.5-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p14-workers=16_worker.delay=uniform_0.4_0.6_server.staleness-weight=lrdiv_lr=0.5.svg'
set title 'workers=16 delay=uniform:0.4:0.6 staleness-weight=lrdiv lr=0.5' noenhanced
plot 'plots/p14-workers=16_worker.delay=uniform_0.4_0.6_server.staleness-weight=lrdiv_lr=0.5-staleness.dat' using 1:2 with boxes
set terminal @pngterm size 700,450
set output 'staleness-p15-workers=16_worker.delay=uniform_0.4_0.6_server.staleness-weight=none_lr=0.0454545.png'
set title 'workers=16 delay=uniform:0.4:0.6 staleness-weight=none lr=0.0454545' noenhanced
plot 'plots/p15-workers=16_worker.delay=uniform_0.4_0.6_server.staleness-weight=none_lr=0.0454545-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p15-workers=16_worker.delay=uniform_0.4_0.6_server.staleness-weight=none_lr=0.0454545.svg'
set title 'workers=16 delay=uniform:0.4:0.6 staleness-weight=none lr=0.0454545' noenhanced
plot 'plots/p15-workers=16_worker.delay=uniform_0.4_0.6_server.staleness-weight=none_lr=0.0454545-staleness.dat' using 1:2 with boxes
set terminal @pngterm size 700,450
set output 'staleness-p16-workers=16_worker.delay=pareto_1.5_0.2_server.staleness-weight=none_lr=0.5.png'
set title 'workers=16 delay=pareto:1.5:0.2 staleness-weight=none lr=0.5' noenhanced
plot 'plots/p16-workers=16_worker.delay=pareto_1.5_0.2_server.staleness-weight=none_lr=0.5-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p16-workers=16_worker.delay=pareto_1.5_0.2_server.staleness-weight=none_lr=0.5.svg'
set title 'workers=16 delay=pareto:1.5:0.2 staleness-weight=none lr=0.5' noenhanced
plot 'plots/p16-workers=16_worker.delay=pareto_1.5_0.2_server.staleness-weight=none_lr=0.5-staleness.dat' using 1:2 with boxes
set terminal @pngterm size 700,450
set output 'staleness-p17-workers=16_worker.delay=pareto_1.5_0.2_server.staleness-weight=inverse_lr=0.5.png'
set title 'workers=16 delay=pareto:1.5:0.2 staleness-weight=inverse lr=0.5' noenhanced
plot 'plots/p17-workers=16_worker.delay=pareto_1.5_0.2_server.staleness-weight=inverse_lr=0.5-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p17-workers=16_worker.delay=pareto_1.5_0.2_server.staleness-weight=inverse_lr=0.5.svg'
set title 'workers=16 delay=pareto:1.5:0.2 staleness-weight=inverse lr=0.5' noenhanced
plot 'plots/p17-workers=16_worker.delay=pareto_1.5_0.2_server.staleness-weight=inverse_lr=0.5-staleness.dat' using 1:2 with boxes
set terminal @pngterm size 700,450
set output 'staleness-p18-workers=16_worker.delay=pareto_1.5_0.2_server.staleness-weight=exp_0.2_lr=0.5.png'
set title 'workers=16 delay=pareto:1.5:0.2 staleness-weight=exp:0.2 lr=0.5' noenhanced
plot 'plots/p18-workers=16_worker.delay=pareto_1.5_0.2_server.staleness-weight=exp_0.2_lr=0.5-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p18-workers=16_worker.delay=pareto_1.5_0.2_server.staleness-weight=exp_0.2_lr=0.5.svg'
set title 'workers=16 delay=pareto:1.5:0.2 staleness-weight=exp:0.2 lr=0.5' noenhanced
plot 'plots/p18-workers=16_worker.delay=pareto_1.5_0.2_server.staleness-weight=exp_0.2_lr=0.5-staleness.dat' using 1:2 with boxes
set terminal @pngterm size 700,450
set output 'staleness-p19-workers=16_worker.delay=pareto_1.5_0.2_server.staleness-weight=lrdiv_lr=0.5.png'
set title 'workers=16 delay=pareto:1.5:0.2 staleness-weight=lrdiv lr=0.5' noenhanced
plot 'plots/p19-workers=16_worker.delay=pareto_1.5_0.2_server.staleness-weight=lrdiv_lr=0.5-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p19-workers=16_worker.delay=pareto_1.5_0.2_server.staleness-weight=lrdiv_lr=0.5.svg'
set title 'workers=16 delay=pareto:1.5:0.2 staleness-weight=lrdiv lr=0.5' noenhanced
plot 'plots/p19-workers=16_worker.delay=pareto_1.5_0.2_server.staleness-weight=lrdiv_lr=0.5-staleness.dat' using 1:2 with boxes
set terminal @pngterm size 700,450
set output 'staleness-p20-workers=16_worker.delay=pareto_1.5_0.2_server.staleness-weight=none_lr=0.0454545.png'
set title 'workers=16 delay=pareto:1.5:0.2 staleness-weight=none lr=0.0454545' noenhanced
plot 'plots/p20-workers=16_worker.delay=pareto_1.5_0.2_server.staleness-weight=none_lr=0.0454545-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p20-workers=16_worker.delay=pareto_1.5_0.2_server.staleness-weight=none_lr=0.0454545.svg'
set title 'workers=16 delay=pareto:1.5:0.2 staleness-weight=none lr=0.0454545' noenhanced
plot 'plots/p20-workers=16_worker.delay=pareto_1.5_0.2_server.staleness-weight=none_lr=0.0454545-staleness.dat' using 1:2 with boxes
