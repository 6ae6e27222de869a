using DocStore.Benchmarks.Compare.Data;

namespace DocStore.Benchmarks.Compare.Engines.LiteDb;

/// <summary>Inserts, updates and deletes: each one LiteDB collection call, which is one automatic transaction with its index entries.</summary>
internal sealed partial class LiteDbEngine
{
    public void Insert(IReadOnlyList<Person> people)
    {
        if (people.Count == 1)
        {
            _people.Insert(people[0]);
        }
        else
        {
            _people.Insert(people);
        }
    }

    public void Update(Person person)
    {
        if (!_people.Update(person))
        {
            throw new InvalidOperationException($"LiteDB: person {person.Id} does not exist.");
        }
    }

    /// <summary>Deletes a person and its index entries in one transaction (the collection benchmarks' delete); false when absent.</summary>
    public bool Delete(long id) => _people.Delete(id);
}
