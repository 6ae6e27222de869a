namespace DocStore.Benchmarks.Compare.Workloads;

/// <summary>The query a <see cref="LinqWorkload"/> runs through <see cref="Engines.ILinqEngine"/>.</summary>
public enum LinqKind
{
    /// <summary>Equality on the unique Email, first match.</summary>
    Email,

    /// <summary>An age range of about 1,000 people, ordered by age then id.</summary>
    AgeRange,

    /// <summary>Emails starting with a prefix that about 100 people share.</summary>
    EmailPrefix,

    /// <summary>Equality on the nested path Address.City.</summary>
    City,

    /// <summary>Tags containing a tag (multikey).</summary>
    Tag,

    /// <summary>Score below 20: about 20% of the people, through no index.</summary>
    ScoreBelow,

    /// <summary>The same 20% filter, projecting each match to its name and age.</summary>
    NameAgeOfScoreBelow,

    /// <summary>Ten primary keys in one query.</summary>
    IdsIn,
}
