namespace DocStore.Benchmarks.Compare.Data;

/// <summary>Field-by-field equality of two people, for the result verifier.</summary>
public static class PersonComparer
{
    public static bool Same(Person? a, Person? b)
    {
        if (a is null || b is null)
        {
            return a is null && b is null;
        }

        return a.Id == b.Id && a.Name == b.Name && a.Email == b.Email && a.Age == b.Age && a.Score == b.Score
            && a.Address.Street == b.Address.Street && a.Address.City == b.Address.City && a.Address.Zip == b.Address.Zip
            && a.Tags.AsSpan().SequenceEqual(b.Tags) && a.Bio == b.Bio;
    }
}
