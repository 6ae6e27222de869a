using DocStore.Benchmarks.Compare.Data;
using DocStore.Benchmarks.Compare.Engines;
using DocStore.Benchmarks.Compare.Options;

namespace DocStore.Benchmarks.Compare.Workloads;

/// <summary>
/// A query over the warm set of people that returns a list of documents: the unindexed score filter, the
/// age range, the path find on <c>Address.City</c> and the multikey find on <c>Tags</c>. Each operation picks
/// its argument from the seeded stream; the verifier replays sample arguments against a LINQ model.
/// </summary>
public sealed class QueryWorkload(string name, QueryKind kind) : Workload(name, "query")
{
    public override WorkloadRun Start(IDocumentEngine engine, Scale scale, int seed)
    {
        PeopleLoader.Load(engine, scale.WarmDocuments);
        return new Run(engine, seed, scale.WarmDocuments, kind, Name);
    }

    /// <summary>Ages per range so that a range matches about 1,000 people (ages are uniform over 70 values).</summary>
    internal static int AgeWindow(int documents) =>
        Math.Clamp((int)Math.Round(1000.0 * PersonFactory.AgeSpan / documents), 1, PersonFactory.AgeSpan);

    private sealed class Run : OperationRun
    {
        private readonly int _count;
        private readonly QueryKind _kind;
        private readonly string _name;
        private readonly List<Person> _results = [];
        private readonly Lazy<Person[]> _model;
        private int _argument;

        public Run(IDocumentEngine engine, int seed, int count, QueryKind kind, string name)
            : base(engine, seed)
        {
            _count = count;
            _kind = kind;
            _name = name;
            _model = new(() => [.. Enumerable.Range(1, count).Select(id => PersonFactory.Create(id, PeopleLoader.DefaultBioLength))]);
        }

        protected override void Prepare()
        {
            _argument = NextArgument(Random);
            _results.Clear();
        }

        protected override void Execute() => Query(_argument, _results);

        public override void Verify()
        {
            var random = new Random(_count);
            for (var i = 0; i < 5; i++)
            {
                var argument = NextArgument(random);
                var actual = new List<Person>();
                Query(argument, actual);
                Check.SamePeople(Expected(argument), actual, Engine, $"{_name}({argument})");
            }
        }

        private int NextArgument(Random random) => _kind switch
        {
            QueryKind.ScoreBelow => 20,
            QueryKind.AgeRange => PersonFactory.MinAge + random.Next(PersonFactory.AgeSpan - AgeWindow(_count) + 1),
            QueryKind.City => random.Next(PersonFactory.CityCount),
            QueryKind.Tag => random.Next(PersonFactory.TagCount),
            _ => throw new InvalidOperationException($"Unknown query kind {_kind}."),
        };

        private void Query(int argument, List<Person> into)
        {
            switch (_kind)
            {
                case QueryKind.ScoreBelow:
                    Engine.FilterByScoreBelow(argument, into);
                    break;
                case QueryKind.AgeRange:
                    Engine.FindByAgeRange(argument, argument + AgeWindow(_count) - 1, into);
                    break;
                case QueryKind.City:
                    Engine.FindByCity(PersonFactory.City(argument), into);
                    break;
                case QueryKind.Tag:
                    Engine.FindByTag(PersonFactory.Tag(argument), into);
                    break;
            }
        }

        private List<Person> Expected(int argument)
        {
            var people = _model.Value;
            return _kind switch
            {
                QueryKind.ScoreBelow => [.. people.Where(p => p.Score < argument)],
                QueryKind.AgeRange => [.. people.Where(p => p.Age >= argument && p.Age <= argument + AgeWindow(_count) - 1).OrderBy(p => p.Age).ThenBy(p => p.Id)],
                QueryKind.City => [.. people.Where(p => p.Address.City == PersonFactory.City(argument))],
                _ => [.. people.Where(p => p.Tags.Contains(PersonFactory.Tag(argument)))],
            };
        }
    }
}
