namespace DocStore.Collections;

/// <summary>A collection object and its generated model, so SQL can read documents as the model's type without reflection.</summary>
internal interface IModelOwner
{
    string CollectionName { get; }

    /// <summary>The generated model (an <c>IDocumentSerializer&lt;T&gt;</c> of the document type).</summary>
    object Model { get; }
}
