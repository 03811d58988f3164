// Deep specs as the generator would emit them (`as const`): odd levels are closed objects with one required
// property `n`, even levels arrays, the leaf a string enum. Produced once by a small script; kept literal on purpose.

export const spec16 = {
  type: 'object',
  additionalProperties: false,
  properties: {
    n: {
      required: true,
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        properties: {
          n: {
            required: true,
            type: 'array',
            items: {
              type: 'object',
              additionalProperties: false,
              properties: {
                n: {
                  required: true,
                  type: 'array',
                  items: {
                    type: 'object',
                    additionalProperties: false,
                    properties: {
                      n: {
                        required: true,
                        type: 'array',
                        items: {
                          type: 'object',
                          additionalProperties: false,
                          properties: {
                            n: {
                              required: true,
                              type: 'array',
                              items: {
                                type: 'object',
                                additionalProperties: false,
                                properties: {
                                  n: {
                                    required: true,
                                    type: 'array',
                                    items: {
                                      type: 'object',
                                      additionalProperties: false,
                                      properties: {
                                        n: {
                                          required: true,
                                          type: 'array',
                                          items: {
                                            type: 'object',
                                            additionalProperties: false,
                                            properties: {
                                              n: {
                                                required: true,
                                                type: 'array',
                                                items: { type: 'string', enum: ['leaf'] },
                                              },
                                            },
                                          },
                                        },
                                      },
                                    },
                                  },
                                },
                              },
                            },
                          },
                        },
                      },
                    },
                  },
                },
              },
            },
          },
        },
      },
    },
  },
} as const

export const spec17 = {
  type: 'object',
  additionalProperties: false,
  properties: {
    n: {
      required: true,
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        properties: {
          n: {
            required: true,
            type: 'array',
            items: {
              type: 'object',
              additionalProperties: false,
              properties: {
                n: {
                  required: true,
                  type: 'array',
                  items: {
                    type: 'object',
                    additionalProperties: false,
                    properties: {
                      n: {
                        required: true,
                        type: 'array',
                        items: {
                          type: 'object',
                          additionalProperties: false,
                          properties: {
                            n: {
                              required: true,
                              type: 'array',
                              items: {
                                type: 'object',
                                additionalProperties: false,
                                properties: {
                                  n: {
                                    required: true,
                                    type: 'array',
                                    items: {
                                      type: 'object',
                                      additionalProperties: false,
                                      properties: {
                                        n: {
                                          required: true,
                                          type: 'array',
                                          items: {
                                            type: 'object',
                                            additionalProperties: false,
                                            properties: {
                                              n: {
                                                required: true,
                                                type: 'array',
                                                items: {
                                                  type: 'object',
                                                  additionalProperties: false,
                                                  properties: {
                                                    n: { required: true, type: 'string', enum: ['leaf'] },
                                                  },
                                                },
                                              },
                                            },
                                          },
                                        },
                                      },
                                    },
                                  },
                                },
                              },
                            },
                          },
                        },
                      },
                    },
                  },
                },
              },
            },
          },
        },
      },
    },
  },
} as const

export const spec30 = {
  type: 'object',
  additionalProperties: false,
  properties: {
    n: {
      required: true,
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        properties: {
          n: {
            required: true,
            type: 'array',
            items: {
              type: 'object',
              additionalProperties: false,
              properties: {
                n: {
                  required: true,
                  type: 'array',
                  items: {
                    type: 'object',
                    additionalProperties: false,
                    properties: {
                      n: {
                        required: true,
                        type: 'array',
                        items: {
                          type: 'object',
                          additionalProperties: false,
                          properties: {
                            n: {
                              required: true,
                              type: 'array',
                              items: {
                                type: 'object',
                                additionalProperties: false,
                                properties: {
                                  n: {
                                    required: true,
                                    type: 'array',
                                    items: {
                                      type: 'object',
                                      additionalProperties: false,
                                      properties: {
                                        n: {
                                          required: true,
                                          type: 'array',
                                          items: {
                                            type: 'object',
                                            additionalProperties: false,
                                            properties: {
                                              n: {
                                                required: true,
                                                type: 'array',
                                                items: {
                                                  type: 'object',
                                                  additionalProperties: false,
                                                  properties: {
                                                    n: {
                                                      required: true,
                                                      type: 'array',
                                                      items: {
                                                        type: 'object',
                                                        additionalProperties: false,
                                                        properties: {
                                                          n: {
                                                            required: true,
                                                            type: 'array',
                                                            items: {
                                                              type: 'object',
                                                              additionalProperties: false,
                                                              properties: {
                                                                n: {
                                                                  required: true,
                                                                  type: 'array',
                                                                  items: {
                                                                    type: 'object',
                                                                    additionalProperties: false,
                                                                    properties: {
                                                                      n: {
                                                                        required: true,
                                                                        type: 'array',
                                                                        items: {
                                                                          type: 'object',
                                                                          additionalProperties: false,
                                                                          properties: {
                                                                            n: {
                                                                              required: true,
                                                                              type: 'array',
                                                                              items: {
                                                                                type: 'object',
                                                                                additionalProperties: false,
                                                                                properties: {
                                                                                  n: {
                                                                                    required: true,
                                                                                    type: 'array',
                                                                                    items: {
                                                                                      type: 'object',
                                                                                      additionalProperties: false,
                                                                                      properties: {
                                                                                        n: {
                                                                                          required: true,
                                                                                          type: 'array',
                                                                                          items: {
                                                                                            type: 'string',
                                                                                            enum: ['leaf'],
                                                                                          },
                                                                                        },
                                                                                      },
                                                                                    },
                                                                                  },
                                                                                },
                                                                              },
                                                                            },
                                                                          },
                                                                        },
                                                                      },
                                                                    },
                                                                  },
                                                                },
                                                              },
                                                            },
                                                          },
                                                        },
                                                      },
                                                    },
                                                  },
                                                },
                                              },
                                            },
                                          },
                                        },
                                      },
                                    },
                                  },
                                },
                              },
                            },
                          },
                        },
                      },
                    },
                  },
                },
              },
            },
          },
        },
      },
    },
  },
} as const
