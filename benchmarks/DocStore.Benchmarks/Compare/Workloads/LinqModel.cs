using DocStore.Benchmarks.Compare.Data;

namespace DocStore.Benchmarks.Compare.Workloads;

/// <summary>The <c>linq_*</c> answers from LINQ to objects over the factory's people, for the verifier.</summary>
internal sealed class LinqModel(int documents)
{
    private readonly Lazy<Person[]> _people = new(() => [.. Enumerable.Range(1, documents).Select(id => PersonFactory.Create(id, PeopleLoader.DefaultBioLength))]);

    public Person? FirstByEmail(string email) => _people.Value.FirstOrDefault(p => p.Email == email);

    /// <summary>The people the query selects; in (age, id) order for the age range, in id order otherwise.</summary>
    public List<Person> People(LinqKind kind, LinqQuestion question)
    {
        var people = _people.Value;
        return kind switch
        {
            LinqKind.AgeRange => [.. people.Where(p => p.Age >= question.Number && p.Age <= question.Number + LinqQuestion.AgeWindow(documents) - 1).OrderBy(p => p.Age).ThenBy(p => p.Id)],
            LinqKind.EmailPrefix => [.. people.Where(p => p.Email.StartsWith(question.Text, StringComparison.Ordinal))],
            LinqKind.City => [.. people.Where(p => p.Address.City == question.Text)],
            LinqKind.Tag => [.. people.Where(p => p.Tags.Contains(question.Text))],
            LinqKind.ScoreBelow => [.. people.Where(p => p.Score < question.Number)],
            LinqKind.IdsIn => [.. people.Where(p => question.Ids.Contains(p.Id))],
            _ => throw new InvalidOperationException($"{kind} does not select whole people."),
        };
    }

    /// <summary>The (name, age) pairs of the projection, ordered ordinally by name, then age.</summary>
    public List<(string Name, int Age)> NameAges(LinqQuestion question) =>
        Ordered(_people.Value.Where(p => p.Score < question.Number).Select(p => (p.Name, p.Age)));

    public static List<(string Name, int Age)> Ordered(IEnumerable<(string Name, int Age)> pairs) =>
        [.. pairs.OrderBy(p => p.Name, StringComparer.Ordinal).ThenBy(p => p.Age)];
}
