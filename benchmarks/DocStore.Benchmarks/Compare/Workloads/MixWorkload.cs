using DocStore.Benchmarks.Compare.Data;
using DocStore.Benchmarks.Compare.Engines;
using DocStore.Benchmarks.Compare.Options;

namespace DocStore.Benchmarks.Compare.Workloads;

/// <summary>
/// Gets and updates by random key over the warm set, one update in <paramref name="updateEvery"/> operations
/// (5: 80% reads, 20% updates; 2: half and half); an update changes Age (indexed) and Score
/// (not indexed), so the engine must move one index entry in the same transaction.
/// </summary>
public sealed class MixWorkload(string name, int updateEvery = 5) : Workload(name, "op")
{
    public override WorkloadRun Start(IDocumentEngine engine, Scale scale, int seed)
    {
        PeopleLoader.Load(engine, scale.WarmDocuments);
        return new Run(engine, seed, scale.WarmDocuments, Name, updateEvery);
    }

    private sealed class Run(IDocumentEngine engine, int seed, int count, string name, int updateEvery) : OperationRun(engine, seed)
    {
        private readonly Dictionary<long, Person> _updated = [];
        private long _id;
        private Person? _update;

        protected override void Prepare()
        {
            _id = Random.NextInt64(1, count + 1);
            _update = null;
            if (Random.Next(updateEvery) == 0)
            {
                var person = PersonFactory.Create(_id, PeopleLoader.DefaultBioLength);
                person.Age = PersonFactory.MinAge + Random.Next(PersonFactory.AgeSpan);
                person.Score = Random.Next(100);
                _update = person;
            }
        }

        protected override void Execute()
        {
            if (_update is not null)
            {
                Engine.Update(_update);
                _updated[_id] = _update;
            }
            else if (Engine.GetById(_id)?.Id != _id)
            {
                throw new VerificationException($"{Engine.Name}: {name}: Get({_id}) did not return person {_id}");
            }
        }

        public override void Verify()
        {
            foreach (var (id, person) in _updated.Take(100))
            {
                Check.SamePerson(person, Engine.GetById(id), Engine, $"{name}: Get({id}) after its update");
            }

            // The age index must have followed every update: one range compared with the model.
            var model = Enumerable.Range(1, count)
                .Select(id => _updated.TryGetValue(id, out var p) ? p : PersonFactory.Create(id, PeopleLoader.DefaultBioLength));
            var low = PersonFactory.MinAge + 10;
            var high = low + QueryWorkload.AgeWindow(count) - 1;
            var actual = new List<Person>();
            Engine.FindByAgeRange(low, high, actual);
            Check.SamePeople([.. model.Where(p => p.Age >= low && p.Age <= high).OrderBy(p => p.Age).ThenBy(p => p.Id)], actual, Engine, $"{name}: age range after updates");
        }
    }
}
