//! Dai dai shogi move generation speed: legal moves and perft from the start position and
//! from a middle-game position. Perft reports leaves per second as its throughput.

use criterion::{black_box, criterion_group, criterion_main, Criterion, Throughput};
use shogiban::engine::{daidai, Position};

/// A middle-game position from a random game (lions, hook movers and promoted pieces out).
const MIDDLE_GAME: &str = "3,fd,1,r,1,ft,4,dh,sd,vm,2/1,po,1,bm,so,1,kr,nk,1,k,3,or,2,rv/\
7,s,1,rg,5,bd,1/1,rc,dv,1,eb,1,i,g,lg,g,2,ef,2,wbr,1/4,dk,5,sg,1,no,2,+cs,1/\
1,we,2,ab,ea,2,fl,5,p,1,sm/1,p,4,p,3,i,5,p/17/9,W,2,VO,4/6,P,10/12,I,3,P/\
2,SM,1,AB,2,C,9/3,EF,WBR,1,S,2,C,2,DK,EW,SM,1,RC/2,DH,3,I,3,FL,lc,4,RV/\
3,RA,2,CS,1,LG,1,G,+FD,1,EB,1,SO,1/10,KR,R,2,DV,BM,L/4,PS,1,PH,G,GD,RG,K,SQ,3,HM,1 b - 427";

fn legal_moves(c: &mut Criterion) {
    let start = daidai::start();
    let middle = daidai::from_text(MIDDLE_GAME).expect("valid position");
    let mut moves = Vec::with_capacity(512);
    c.bench_function("daidai legal_moves start", |b| {
        b.iter(|| {
            black_box(&start).legal_moves(&mut moves);
            moves.len()
        })
    });
    c.bench_function("daidai legal_moves middle game", |b| {
        b.iter(|| {
            black_box(&middle).legal_moves(&mut moves);
            moves.len()
        })
    });
}

fn perft(c: &mut Criterion) {
    let start = daidai::start();
    let mut group = c.benchmark_group("daidai perft");
    group.sample_size(20);
    group.throughput(Throughput::Elements(start.perft(3)));
    group.bench_function("start depth 3", |b| b.iter(|| black_box(&start).perft(3)));
    let middle = daidai::from_text(MIDDLE_GAME).expect("valid position");
    group.throughput(Throughput::Elements(middle.perft(2)));
    group.bench_function("middle game depth 2", |b| {
        b.iter(|| black_box(&middle).perft(2))
    });
    group.finish();
}

criterion_group!(benches, legal_moves, perft);
criterion_main!(benches);
