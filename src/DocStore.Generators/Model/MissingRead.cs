namespace DocStore.Generators.Model;

/// <summary>What a member reads as after deserializing a document that does not store it.</summary>
internal enum MissingRead
{
    /// <summary>The type's default (0, false, null): no initializer, or a constructor or required member.</summary>
    Default,

    /// <summary>A compile-time constant initializer, whose C# text is <see cref="MemberModel.MissingValue"/>.</summary>
    Constant,

    /// <summary>An initializer (or constructor body) the generator cannot evaluate: only deserializing tells.</summary>
    Unknown,

    /// <summary>
    /// A new object of a class whose constructor sets nothing (<c>= new()</c>, optionally with constant
    /// member initializers, <see cref="MemberModel.FreshInits"/>): a missing parent reads as that object.
    /// </summary>
    Fresh,
}
