use goap::{AgentDef, StepKind, World, WorldDef};
fn main() {
    let on = std::env::args().nth(1).as_deref() == Some("on");
    let world = World::new(WorldDef::default());
    let d = world.load_domain(include_str!("../examples/domains/village.json")).unwrap();
    let ids: Vec<_> = (0..1000).map(|_| world.create_agent(d, AgentDef::default()).unwrap()).collect();
    for &id in &ids {
        let s = world.step_agent(id, 0.0).unwrap();
        assert!(matches!(s.kind, StepKind::Start(_)));
    }
    if on {
        world.start_recording(Box::new(std::io::sink()), Default::default()).unwrap();
    }
    let t = std::time::Instant::now();
    steps(&world, &ids);
    eprintln!("{:?} per step", t.elapsed() / 200_000);
}

#[inline(never)]
fn steps(world: &World, ids: &[goap::AgentId]) {
    for k in 0..200_000usize {
        std::hint::black_box(world.step_agent(ids[k % 1000], 1.0 / 60.0).unwrap());
    }
}
